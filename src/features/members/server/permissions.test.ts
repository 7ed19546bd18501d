/**
 * SPEC.md §6 for every route of member management, the audit log and workspace settings: the
 * exact status for a visitor (401), a member, a moderator and an admin, one table.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRoute } from '@/features/audit/server/handlers';
import { adminSettingsRoute } from '@/features/settings/server/handlers';
import { db } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallResult } from '@/test/http';
import {
  invitationLinkRoute,
  invitationResendRoute,
  invitationRoute,
  invitationsRoute,
  memberBanRoute,
  memberRoute,
  membersRoute,
  memberVerifyRoute,
} from './handlers';

useTestDatabase();

type Who = 'visitor' | 'member' | 'moderator' | 'admin';
type Call = (as: TestActor | undefined) => Promise<CallResult>;

let actors: Record<Exclude<Who, 'visitor'>, TestActor>;
beforeAll(async () => {
  actors = await createRoleActors();
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

let inviteCount = 0;
/** A new pending invitation, made by the admin; answers its id. */
const pendingInvitation = async (): Promise<string> => {
  const res = await callRoute(invitationsRoute, {
    method: 'POST',
    body: { email: `pending-${++inviteCount}@example.test`, role: 'member' },
    as: actors.admin,
  });
  return res.json.id as string;
};
/** Each call acts on a fresh person, so one row's success cannot change the next row's answer. */
const ROUTES: { name: string; call: Call; expected: Record<Who, number> }[] = [
  {
    name: 'GET /api/v1/members',
    call: (as) => callRoute(membersRoute, { as }),
    expected: { visitor: 401, member: 403, moderator: 200, admin: 200 },
  },
  {
    name: 'PATCH /api/v1/members/[id]',
    call: async (as) =>
      callRoute(memberRoute, { method: 'PATCH', params: { id: (await createTestActor('member')).id }, body: { role: 'moderator' }, as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  {
    name: 'POST /api/v1/members/[id]/ban',
    call: async (as) => callRoute(memberBanRoute, { method: 'POST', params: { id: (await createTestActor('member')).id }, as }),
    expected: { visitor: 401, member: 403, moderator: 200, admin: 200 },
  },
  {
    name: 'DELETE /api/v1/members/[id]/ban',
    call: async (as) =>
      callRoute(memberBanRoute, { method: 'DELETE', params: { id: (await createTestActor('member', { banned: true })).id }, as }),
    expected: { visitor: 401, member: 403, moderator: 200, admin: 200 },
  },
  {
    name: 'POST /api/v1/members/[id]/verify',
    call: async (as) => callRoute(memberVerifyRoute, { method: 'POST', params: { id: (await createTestActor('member')).id }, as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  {
    name: 'POST /api/v1/invitations',
    call: (as) =>
      callRoute(invitationsRoute, { method: 'POST', body: { email: `invitee-${++inviteCount}@example.test`, role: 'member' }, as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 201 },
  },
  {
    name: 'GET /api/v1/invitations',
    call: (as) => callRoute(invitationsRoute, { as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  {
    name: 'POST /api/v1/invitations/[id]/link',
    call: async (as) => callRoute(invitationLinkRoute, { method: 'POST', params: { id: await pendingInvitation() }, as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  {
    name: 'POST /api/v1/invitations/[id]/resend',
    call: async (as) => callRoute(invitationResendRoute, { method: 'POST', params: { id: await pendingInvitation() }, as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  {
    name: 'DELETE /api/v1/invitations/[id]',
    call: async (as) => callRoute(invitationRoute, { method: 'DELETE', params: { id: await pendingInvitation() }, as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 204 },
  },
  {
    name: 'GET /api/v1/audit',
    call: (as) => callRoute(auditRoute, { as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  {
    name: 'GET /api/v1/admin/settings',
    call: (as) => callRoute(adminSettingsRoute, { as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  {
    name: 'PATCH /api/v1/admin/settings',
    call: (as) => callRoute(adminSettingsRoute, { method: 'PATCH', body: { moderation: 'off' }, as }),
    expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
];

const ERROR_CODE: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' };

describe.each(ROUTES)('$name', ({ call, expected }) => {
  it.each(['visitor', 'member', 'moderator', 'admin'] as const)('as %s', async (who) => {
    const res = await call(who === 'visitor' ? undefined : actors[who]);
    expect(res.status).toBe(expected[who]);
    if (ERROR_CODE[res.status]) expect(res.json.error?.code).toBe(ERROR_CODE[res.status]);
  });
});

describe('wrong methods', () => {
  it.each([
    ['members', membersRoute, 'POST', 'GET, HEAD'],
    ['member', memberRoute, 'GET', 'PATCH'],
    ['ban', memberBanRoute, 'GET', 'POST, DELETE'],
    ['invitations', invitationsRoute, 'PUT', 'GET, POST, HEAD'],
    ['invitation', invitationRoute, 'GET', 'DELETE'],
    ['invitation link', invitationLinkRoute, 'GET', 'POST'],
    ['invitation resend', invitationResendRoute, 'GET', 'POST'],
    ['verify', memberVerifyRoute, 'GET', 'POST'],
    ['audit', auditRoute, 'DELETE', 'GET, HEAD'],
    ['settings', adminSettingsRoute, 'PUT', 'GET, PATCH, HEAD'],
  ] as const)('%s answers 405 with Allow', async (_name, handler, method, allow) => {
    const res = await callRoute(handler, { method, as: actors.admin });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
  });
});
