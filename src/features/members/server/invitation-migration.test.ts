/**
 * drizzle/0024_invitation_ids.sql on invitations made before invitations had an id: each gets
 * one, and then shows in the pending list (who made it: not recorded) and can be revoked.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { MIGRATIONS_FOLDER } from '@/server/db/open';
import { authTokens } from '@/server/db/schema';
import { issueAuthToken } from '@/server/identity/tokens';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import type { PendingInvitationList } from '@/features/accounts/schema';
import { invitationRoute, invitationsRoute } from './handlers';

useTestDatabase();

describe('the migration that gives invitations an id', () => {
  it('gives each old invitation its own id, leaves other tokens and existing ids alone', async () => {
    const admin = await createTestActor('admin');
    await issueAuthToken(db(), 'invite', { userId: null, email: 'old-one@example.test', data: { role: 'moderator' } });
    await issueAuthToken(db(), 'invite', { userId: null, email: 'old-two@example.test', data: { role: 'member' } });
    await issueAuthToken(db(), 'invite', { userId: null, email: 'new@example.test', data: { role: 'member', invitationId: 'kept' } });
    await issueAuthToken(db(), 'reset_password', { userId: admin.id, email: admin.email });

    const file = await readFile(path.join(MIGRATIONS_FOLDER, '0024_invitation_ids.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));

    const ids = async (email: string) =>
      (await db().select().from(authTokens).where(eq(authTokens.email, email))).map((r) => r.data.invitationId);
    const [one] = await ids('old-one@example.test');
    const [two] = await ids('old-two@example.test');
    expect(one).toMatch(/^[0-9a-f-]{36}$/);
    expect(two).toMatch(/^[0-9a-f-]{36}$/);
    expect(one).not.toBe(two);
    expect(await ids('new@example.test')).toEqual(['kept']);
    expect(await ids(admin.email)).toEqual([undefined]);

    const list = await callRoute<PendingInvitationList>(invitationsRoute, { as: admin });
    expect(list.json.items.find((i) => i.email === 'old-one@example.test')).toMatchObject({ id: one, role: 'moderator', invitedBy: null });
    expect((await callRoute(invitationRoute, { method: 'DELETE', params: { id: one as string }, as: admin })).status).toBe(204);
    expect(await ids('old-one@example.test')).toEqual([]);
  });
});
