import { canAdminister, canEnterTeamArea } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { changeRoleInput, inviteInput, memberIdParams, memberListQuery } from '../schema';
import { banMember, changeMemberRole, inviteMember, listMemberPage, unbanMember } from './service';

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
    handle: async ({ actor, query, body, ip }) => json(await changeMemberRole(actor, query.id, body.role, ip)),
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
    handle: async ({ actor, query, ip }) => json(await banMember(actor, query.id, ip)),
  }),
  DELETE: endpoint({
    authorize: canEnterTeamArea,
    query: memberIdParams,
    handle: async ({ actor, query, ip }) => json(await unbanMember(actor, query.id, ip)),
  }),
});

/** POST /api/v1/invitations {email, role}: admins invite people by email. */
export const invitationsRoute = route({
  POST: endpoint({
    authorize: canAdminister,
    body: inviteInput,
    handle: async ({ actor, body, ip }) => json(await inviteMember(actor, body, ip), 201),
  }),
});
