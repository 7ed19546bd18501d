import { canAdminister, canEnterTeamArea } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { changeRoleInput, memberIdParams, memberListQuery, memberPageSchema, memberSchema } from '../schema';
import { invitationSchema, inviteInput } from '@/features/accounts/schema';
import { banMember, changeMemberRole, listMemberPage, markMemberVerified, unbanMember } from './service';
import { inviteMember } from '@/features/accounts/server/invitation-service';

/** GET /api/v1/members: the team (moderators and admins) reads the member list. */
export const membersRoute = route('/api/v1/members', {
  GET: endpoint({
    authorize: canEnterTeamArea,
    apiKey: 'key',
    query: memberListQuery,
    summary: 'List members',
    description:
      'Everyone with an account, newest first, a page at a time (`cursor`, `limit`), with their role and state (active, banned, ' +
      'or unverified until their email address is confirmed). `q` searches names and email addresses. Moderators and admins.',
    response: memberPageSchema,
    handle: async ({ query }) => json(await listMemberPage(query)),
  }),
});

/** PATCH /api/v1/members/[id] {role}: admins only. */
export const memberRoute = route('/api/v1/members/{id}', {
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['LAST_ADMIN'],
    query: memberIdParams,
    body: changeRoleInput,
    summary: "Change a member's role",
    description:
      'Admins set anyone’s role, their own included, as long as an active admin remains (409 LAST_ADMIN). A change ends the ' +
      'person’s sessions, so they sign in afresh with the new role. Answers the person.',
    response: memberSchema,
    handle: async ({ actor, query, body, ip }) => json(await changeMemberRole(actor, query.id, body.role, ip)),
  }),
});

/**
 * POST (ban) and DELETE (unban) /api/v1/members/[id]/ban. The team may try; whether this actor
 * may ban this person (canBan: not oneself, moderators members only) is decided with the person.
 */
export const memberBanRoute = route('/api/v1/members/{id}/ban', {
  POST: endpoint({
    summary: 'Ban a person',
    description:
      'Moderators ban members only; admins ban anyone but themselves. Ends all of their sessions; they then get ' +
      '403 ACCOUNT_BANNED on sign-in. 403 for oneself and for a moderator banning a moderator or an admin; ' +
      '409 LAST_ADMIN for the last active admin. Banning a banned person changes nothing. Answers the person.',
    errors: ['NOT_FOUND', 'LAST_ADMIN'],
    authorize: canEnterTeamArea,
    apiKey: 'key',
    query: memberIdParams,
    response: memberSchema,
    handle: async ({ actor, query, ip }) => json(await banMember(actor, query.id, ip)),
  }),
  DELETE: endpoint({
    summary: 'Lift a ban',
    description:
      'The same rule as banning: moderators unban members only; admins anyone but themselves. Unbanning someone who is not banned changes nothing. ' +
      'Answers the person.',
    errors: ['NOT_FOUND'],
    authorize: canEnterTeamArea,
    apiKey: 'key',
    query: memberIdParams,
    response: memberSchema,
    handle: async ({ actor, query, ip }) => json(await unbanMember(actor, query.id, ip)),
  }),
});

/** POST /api/v1/members/[id]/verify: an admin marks the person's email address as confirmed. */
export const memberVerifyRoute = route('/api/v1/members/{id}/verify', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: memberIdParams,
    summary: "Mark a member's email address as confirmed",
    description:
      'For a workspace that cannot send email, or a person whose confirmation email never arrived. The person ' +
      'keeps the password chosen at sign-up. Idempotent. Answers the person.',
    response: memberSchema,
    handle: async ({ actor, query, ip }) => json(await markMemberVerified(actor, query.id, ip)),
  }),
});

/** POST /api/v1/invitations {email, role}: admins invite people by email. */
export const invitationsRoute = route('/api/v1/invitations', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: inviteInput,
    summary: 'Invite someone by email',
    description:
      'Emails a single-use sign-up link that gives the new account the chosen role; answers to whom, the role and when the ' +
      'link expires. 409 when the address already has an account. Admins.',
    response: invitationSchema,
    handle: async ({ actor, body, ip }) => json(await inviteMember(actor, body, ip), 201),
  }),
});
