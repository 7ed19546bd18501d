import { canAdminister, canEnterTeamArea } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { changeRoleInput, memberIdParams, memberListQuery, memberPageSchema, memberSchema } from '../schema';
import { invitationIdParams, invitationSchema, inviteInput, pendingInvitationListSchema } from '@/features/accounts/schema';
import { banMember, changeMemberRole, listMemberPage, markMemberVerified, unbanMember } from './service';
import { inviteMember, listInvitations, reissueInvitation, revokeInvitation } from '@/features/accounts/server/invitation-service';

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

/** GET and POST /api/v1/invitations: admins list pending invitations and invite people by email. */
export const invitationsRoute = route('/api/v1/invitations', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    summary: 'List pending invitations',
    description:
      'Invitations not yet used and not expired, to addresses that have no account, newest first: to whom, the role, who made ' +
      'the current link, and when it expires. At most 100; `total` counts them all. The links themselves are never listed: ' +
      'they are kept hashed. Admins.',
    response: pendingInvitationListSchema,
    handle: async ({ actor }) => json(await listInvitations(actor)),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: inviteInput,
    summary: 'Invite someone by email',
    description:
      'Makes a single-use sign-up link that gives the new account the chosen role, and queues the invitation email. Answers ' +
      'the link, in this answer only (it is kept hashed), and `delivery`: `queued` when an SMTP server sends it, `smtp_off` ' +
      'when the email can only wait in the outbox and the link is for you to pass on. Inviting an address again replaces its ' +
      'pending invitation (the earlier link stops working). 409 when the address already has an account. Admins.',
    response: invitationSchema,
    handle: async ({ actor, body, ip }) => json(await inviteMember(actor, body, ip), 201),
  }),
});

/** DELETE /api/v1/invitations/[id]: an admin revokes a pending invitation. */
export const invitationRoute = route('/api/v1/invitations/{id}', {
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['NOT_FOUND'],
    query: invitationIdParams,
    summary: 'Revoke an invitation',
    description:
      'Its link stops working at once, and its invitation email is withdrawn from the outbox if it has not been sent. 404 when ' +
      'no pending invitation has this id (used, revoked or expired). Admins.',
    response: null,
    handle: async ({ actor, query, ip }) => {
      await revokeInvitation(actor, query.id, ip);
      return noContent();
    },
  }),
});

/** POST /api/v1/invitations/[id]/link: a new link for a pending invitation, answered and not emailed. */
export const invitationLinkRoute = route('/api/v1/invitations/{id}/link', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['NOT_FOUND'],
    query: invitationIdParams,
    summary: 'Replace an invitation’s link',
    description:
      'An earlier link cannot be shown again (links are kept hashed), so this makes a new one, valid for 7 days, and answers ' +
      'it for you to pass on; the previous link stops working and its unsent email is withdrawn. Nothing is emailed ' +
      '(`delivery` is `none`). 404 when no pending invitation has this id. Admins.',
    response: invitationSchema,
    handle: async ({ actor, query, ip }) => json(await reissueInvitation(actor, query.id, false, ip)),
  }),
});

/** POST /api/v1/invitations/[id]/resend: a new link for a pending invitation, emailed. */
export const invitationResendRoute = route('/api/v1/invitations/{id}/resend', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['NOT_FOUND'],
    query: invitationIdParams,
    summary: 'Resend an invitation',
    description:
      'Makes a new link, valid for 7 days, and queues a new invitation email with it; the previous link stops working and its ' +
      'unsent email is withdrawn. Answers the new link as creating does, with `delivery` `queued` or `smtp_off` (no SMTP ' +
      'server: the email waits in the outbox and the link is for you to pass on). 404 when no pending invitation has this id. Admins.',
    response: invitationSchema,
    handle: async ({ actor, query, ip }) => json(await reissueInvitation(actor, query.id, true, ip)),
  }),
});
