import http from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS } from '@/server/identity/lifetimes';
import { hashToken } from '@/server/identity/tokens';
import { db } from '@/server/db/client';
import { sessions, users, workspaceSettings } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { loadShellContext } from './shell-context';

useTestDatabase();

function request(cookie?: string) {
  const req = new http.IncomingMessage(null as never);
  if (cookie) req.headers.cookie = cookie;
  const res = new http.ServerResponse(req);
  return { req, res };
}
const tokenOf = (cookie: string) => cookie.split('=')[1]!;

describe('loadShellContext: the workspace and the viewer in one statement', () => {
  it('a visitor gets the workspace and no user', async () => {
    await db().update(workspaceSettings).set({ name: 'Acme' }).where(eq(workspaceSettings.id, 1));
    const { req, res } = request();
    const ctx = await loadShellContext(req, res);
    expect(ctx.actor).toEqual({ kind: 'visitor' });
    expect(ctx.workspace).toMatchObject({ name: 'Acme', access: 'public', setupDone: false });
  });

  it('a valid session cookie gives its user, with the hashed token as the session id', async () => {
    const member = await createTestActor('member', { displayName: 'Mia' });
    const { req, res } = request(member.cookie);
    const ctx = await loadShellContext(req, res);
    expect(ctx.actor).toMatchObject({
      kind: 'user',
      id: member.id,
      role: 'member',
      displayName: 'Mia',
      sessionHash: hashToken(tokenOf(member.cookie)),
    });
    expect(res.getHeader('set-cookie')).toBeUndefined();
  });

  it('a banned user, an expired session or an unknown token is a visitor, and the cookie is cleared', async () => {
    const banned = await createTestActor('member');
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.id));
    const expired = await createTestActor('member');
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    for (const cookie of [banned.cookie, expired.cookie, `${banned.cookie.split('=')[0]}=${'x'.repeat(43)}`]) {
      const { req, res } = request(cookie);
      expect((await loadShellContext(req, res)).actor).toEqual({ kind: 'visitor' });
      expect(String(res.getHeader('set-cookie'))).toMatch(/Max-Age=0/);
    }
  });

  it('extends a session that is more than a day into its 30 days, and renews the cookie', async () => {
    const member = await createTestActor('member');
    const twoDaysIn = new Date(Date.now() + (SESSION_TTL_SECONDS - 2 * 86400) * 1000);
    await db().update(sessions).set({ expiresAt: twoDaysIn }).where(eq(sessions.userId, member.id));
    const { req, res } = request(member.cookie);
    expect((await loadShellContext(req, res)).actor.kind).toBe('user');
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, member.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_TTL_SECONDS - 60) * 1000);
    expect(String(res.getHeader('set-cookie'))).toMatch(/Max-Age=2592000/);
  });
});

describe('the workspace in memory (embedded PGlite only)', () => {
  it('serves visitors from memory only where this process is the only client, and forgets on change', async () => {
    const { forgetWorkspace } = await import('@/server/workspace');
    const { getDbHandle } = await import('@/server/db/client');
    const exclusive = getDbHandle()!.exclusive;
    forgetWorkspace();
    await db().update(workspaceSettings).set({ name: 'First' }).where(eq(workspaceSettings.id, 1));
    expect((await loadShellContext(request().req, request().res)).workspace.name).toBe('First');
    // A change behind the app's back: PGlite (exclusive) still shows the remembered row…
    await db().update(workspaceSettings).set({ name: 'Second' }).where(eq(workspaceSettings.id, 1));
    const seen = (await loadShellContext(request().req, request().res)).workspace.name;
    expect(seen).toBe(exclusive ? 'First' : 'Second');
    // …until the app forgets it, as every write path through the services does.
    forgetWorkspace();
    expect((await loadShellContext(request().req, request().res)).workspace.name).toBe('Second');
  });

  it('a settings change through the service is visible at once', async () => {
    const { updateWorkspaceSettingsAs } = await import('@/features/settings/server/service');
    const admin = await createTestActor('admin');
    await loadShellContext(request().req, request().res);
    await updateWorkspaceSettingsAs(
      { id: admin.id, displayName: admin.displayName },
      { name: 'Renamed', access: 'sign_in_required' },
      '127.0.0.1',
    );
    const ctx = await loadShellContext(request().req, request().res);
    expect(ctx.workspace).toMatchObject({ name: 'Renamed', access: 'sign_in_required' });
  });
});
