import { canAdminister, canEnterTeamArea } from '@/features/accounts/policy';
import { signedInActor } from '@/server/http/actor';
import { endpoint, json, route } from '@/server/http/route';
import { changeRoleInput, inviteInput, memberIdParams, memberListQuery } from '../schema';
import { banMember, changeMemberRole, inviteMember, listMemberPage, markMemberVerified, unbanMember } from './service';

/** GET /api/v1/members: the team (moderators and admins) reads the member list. */
export const membersRoute = route({
  GET: endpoint({
    authorize: canEnterTeamArea,
    query: memberListQuery,
    handle: async ({ query }) => json(await listMemberPage(query)),
  }),
});

/** PATCH /api/v1/members/[id] {role}: admins only. */
export const memberRoute = route({
  PATCH: endpoint({
    authorize: canAdminister,
    query: memberIdParams,
    body: changeRoleInput,
    handle: async ({ actor, query, body, ip }) => json(await changeMemberRole(signedInActor(actor), query.id, body.role, ip)),
  }),
});

/**
 * POST (ban) and DELETE (unban) /api/v1/members/[id]/ban. The team may try; whether this actor
 * may ban this person (canBan: not oneself, moderators not admins) is decided with the person.
 */
export const memberBanRoute = route({
  POST: endpoint({
    authorize: canEnterTeamArea,
    query: memberIdParams,
    handle: async ({ actor, query, ip }) => json(await banMember(signedInActor(actor), query.id, ip)),
  }),
  DELETE: endpoint({
    authorize: canEnterTeamArea,
    query: memberIdParams,
    handle: async ({ actor, query, ip }) => json(await unbanMember(signedInActor(actor), query.id, ip)),
  }),
});

/** POST /api/v1/members/[id]/verify: an admin marks the person's email address as confirmed. */
export const memberVerifyRoute = route({
  POST: endpoint({
    authorize: canAdminister,
    query: memberIdParams,
    summary: "Mark a member's email address as confirmed",
    description: 'For a workspace that cannot send email, or a person whose confirmation email never arrived. The person keeps the password chosen at sign-up. Idempotent.',
    handle: async ({ actor, query, ip }) => json(await markMemberVerified(signedInActor(actor), query.id, ip)),
  }),
});

/** POST /api/v1/invitations {email, role}: admins invite people by email. */
export const invitationsRoute = route({
  POST: endpoint({
    authorize: canAdminister,
    body: inviteInput,
    handle: async ({ actor, body, ip }) => json(await inviteMember(signedInActor(actor), body, ip), 201),
  }),
});
