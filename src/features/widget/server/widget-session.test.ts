/**
 * The widget's sign-in (docs/widget.md): an identify token becomes a bearer widget session, once;
 * the bearer is the member on the widget's endpoints (their policies and per-person limits, no
 * Origin check: the browser never sends it on its own), refused everywhere else, and ends with
 * the member's sessions (a ban) or its expiry.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { meRoute } from '@/features/accounts/server/me-handlers';
import { banMember } from '@/features/members/server/service';
import { postsRoute } from '@/features/posts/server/handlers';
import { voteRoute } from '@/features/votes/server/handlers';
import { db } from '@/server/db/client';
import { rateLimits, votes, widgetSessions } from '@/server/db/schema';
import { hashToken } from '@/server/identity/tokens';
import { createTestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { signTestIdentifyToken, installIdentifySecret } from '@/test/identify';
import { widgetSessionRoute } from './handlers';

useTestDatabase();

let secret: string;
beforeEach(async () => {
  await db().delete(rateLimits);
  secret = await installIdentifySecret();
});

const uniq = () => Math.random().toString(36).slice(2, 10);
const hostToken = (opts: Parameters<typeof signTestIdentifyToken>[2] = {}, sub = `w-${uniq()}`) =>
  signTestIdentifyToken(secret, { sub, email: `${sub}@host.example`, name: 'Wendy Widget' }, opts);

type SessionBody = { token: string; expiresAt: string; user: { id: string; displayName: string } };
const exchange = (token: string) =>
  callRoute<SessionBody & { error?: { code: string } }>(widgetSessionRoute, {
    method: 'POST',
    path: '/api/v1/widget/session',
    origin: 'self',
    body: { token },
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/v1/widget/session', () => {
  it('answers a bearer token for the identified member, stored only as a hash, and sets no cookie', async () => {
    const res = await exchange(await hostToken());
    expect(res.status).toBe(201);
    expect(res.json.token).toMatch(/^cwt_[A-Za-z0-9_-]{43}$/);
    expect(res.json.user.displayName).toBe('Wendy Widget');
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/chorus_session/);
    const lifetime = Date.parse(res.json.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(115 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(120 * 60_000);
    const rows = await db().select().from(widgetSessions).where(eq(widgetSessions.userId, res.json.user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(res.json.token)]);
  });

  it('refuses a replayed token: each one starts one session', async () => {
    const token = await hostToken();
    expect((await exchange(token)).status).toBe(201);
    const again = await exchange(token);
    expect(again.status).toBe(410);
    expect(again.json.error?.code).toBe('TOKEN_INVALID');
  });

  it('refuses an expired token, and one signed with another secret', async () => {
    const before = (await db().select().from(widgetSessions)).length;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await exchange(await hostToken({ iat: past, exp: past + 300 }));
    expect(expired.status).toBe(410);
    const forged = await exchange(await signTestIdentifyToken(`idsec_${'x'.repeat(43)}`, { sub: 'f', email: 'f@host.example' }));
    expect(forged.status).toBe(410);
    expect(await db().select().from(widgetSessions)).toHaveLength(before);
  });
});

describe('a widget session as a credential', () => {
  async function session() {
    const res = await exchange(await hostToken());
    return { token: res.json.token, userId: res.json.user.id };
  }

  it('votes and posts as the member, without an Origin header (a bearer is never sent by the browser on its own)', async () => {
    const { token, userId } = await session();
    const board = await insertBoard();
    const post = await insertPost(board.id);
    const vote = await callRoute(voteRoute, {
      method: 'PUT',
      path: `/api/v1/posts/${post.number}/vote`,
      params: { number: String(post.number) },
      headers: bearer(token),
    });
    expect(vote.status).toBe(200);
    expect(vote.json).toMatchObject({ voted: true, voteCount: 1 });
    const rows = await db().select().from(votes).where(eq(votes.postId, post.id));
    expect(rows.map((r) => r.userId)).toEqual([userId]);

    const created = await callRoute(postsRoute, {
      method: 'POST',
      path: '/api/v1/posts',
      headers: { ...bearer(token), 'sec-fetch-site': 'cross-site' },
      body: { board: board.slug, title: 'Posted from the widget' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ author: { id: userId } });
  });

  it('is refused on every endpoint the widget does not use (its account, for one)', async () => {
    const { token } = await session();
    const me = await callRoute(meRoute, { path: '/api/v1/me', headers: bearer(token) });
    expect(me.status).toBe(403);
    expect(me.json.error?.message).toMatch(/widget cannot use this endpoint/);
  });

  it('counts against the member’s own limits, like their session (posts: 10 an hour)', async () => {
    const { token, userId } = await session();
    const board = await insertBoard();
    for (let i = 0; i < 10; i++) {
      const res = await callRoute(postsRoute, {
        method: 'POST',
        path: '/api/v1/posts',
        headers: bearer(token),
        body: { board: board.slug, title: `Widget post ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const over = await callRoute(postsRoute, {
      method: 'POST',
      path: '/api/v1/posts',
      headers: bearer(token),
      body: { board: board.slug, title: 'One too many' },
    });
    expect(over.status).toBe(429);
    const [row] = await db()
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`%user:${userId}%`}`);
    expect(row).toBeDefined();
  });

  it('stops working when it expires, when the member is banned, and for an unknown token (401, never a visitor)', async () => {
    const board = await insertBoard();
    const post = await insertPost(board.id);
    const vote = (token: string) =>
      callRoute(voteRoute, {
        method: 'PUT',
        path: `/api/v1/posts/${post.number}/vote`,
        params: { number: String(post.number) },
        headers: bearer(token),
      });

    const expiring = await session();
    await db()
      .update(widgetSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(widgetSessions.tokenHash, hashToken(expiring.token)));
    expect((await vote(expiring.token)).status).toBe(401);

    const banned = await session();
    const admin = await createTestActor('admin');
    await banMember({ id: admin.id, role: 'admin', displayName: admin.displayName }, banned.userId, '127.0.0.1');
    expect((await vote(banned.token)).status).toBe(401);
    expect(await db().select().from(widgetSessions).where(eq(widgetSessions.userId, banned.userId))).toEqual([]);

    expect((await vote(`cwt_${'A'.repeat(43)}`)).status).toBe(401);
  });
});
