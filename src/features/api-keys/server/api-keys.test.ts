/**
 * API keys over real HTTP: creating (the secret once, only its hash kept), listing, revoking;
 * `Authorization: Bearer` resolved by the route() pipeline with the scope's role; CSRF; the
 * endpoints keys may not call; the per-key rate limit; acting for customers; the audit log.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAuditPage } from '@/features/audit/server/service';
import { serverWords } from '@/server/i18n/catalogues';
import { postCommentsRoute } from '@/features/comments/server/handlers';
import { meRoute } from '@/features/accounts/server/me-handlers';
import { signOutRoute } from '@/features/accounts/server/handlers';
import { inboxRoute } from '@/features/moderation/server/handlers';
import { postsRoute } from '@/features/posts/server/handlers';
import { tagsRoute } from '@/features/tags/server/handlers';
import { votersCsvRoute, voteRoute, votesRoute } from '@/features/votes/server/handlers';
import { db } from '@/server/db/client';
import { apiKeys, auditEvents, comments, posts, rateLimits, users, votes } from '@/server/db/schema';
import { INVALID_API_KEY_MESSAGE } from '@/server/http/authenticate';
import { route } from '@/server/http/route';
import { API_KEY_PATTERN } from '@/server/identity/api-keys';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallOptions, type JsonBody, type RouteHandler } from '@/test/http';
import type { ApiKey, CreatedApiKey } from '../schema';
import { apiKeyRoute, apiKeysRoute } from './handlers';

useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let boardSlug: string;
let boardId: string;
let seq = 0;

beforeAll(async () => {
  actors = await createRoleActors();
  const board = await insertBoard();
  boardSlug = board.slug;
  boardId = board.id;
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const createKey = async (scope: 'read' | 'write' | 'admin', as: TestActor = actors.admin, name = `Integration ${++seq}`) => {
  const res = await callRoute<CreatedApiKey & JsonBody>(apiKeysRoute, {
    method: 'POST',
    path: '/api/v1/admin/api-keys',
    body: { name, scope },
    as,
  });
  expect(res.status).toBe(201);
  return res.json;
};

/** Calls `handler` at `path` with this key. */
const withKey = <T = JsonBody>(handler: RouteHandler, key: string, path: string, opts: CallOptions = {}) =>
  callRoute<T & JsonBody>(handler, { ...opts, path, headers: { authorization: `Bearer ${key}`, ...opts.headers } });

const newTagBody = () => ({ name: `key tag ${++seq}` });

describe('creating, listing and revoking keys', () => {
  it('shows the secret once, stores only its SHA-256 and the prefix, and lists no secret', async () => {
    const created = await createKey('write', actors.admin, 'Zapier');
    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.secret.startsWith(`${created.apiKey.prefix}_`)).toBe(true);
    expect(created.apiKey).toMatchObject({ name: 'Zapier', scope: 'write', revokedAt: null, lastUsedAt: null });
    expect(created.apiKey.createdBy).toEqual({ id: actors.admin.id, displayName: actors.admin.displayName });

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(-40));

    const list = await callRoute<{ items: ApiKey[] }>(apiKeysRoute, { path: '/api/v1/admin/api-keys', as: actors.admin });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.secret.slice(-40));
    expect(list.json.items.find((k) => k.id === created.apiKey.id)).toMatchObject({ name: 'Zapier', prefix: created.apiKey.prefix });
    expect(list.json.items.every((k) => !('secret' in k) && !('secretHash' in k))).toBe(true);
  });

  it('is for admins signed in: moderators 403, visitors 401, invalid input 422', async () => {
    const body = { name: 'x', scope: 'read' };
    expect((await callRoute(apiKeysRoute, { method: 'POST', body, as: actors.moderator })).status).toBe(403);
    expect((await callRoute(apiKeysRoute, { method: 'POST', body })).status).toBe(401);
    expect((await callRoute(apiKeysRoute, { as: actors.member })).status).toBe(403);
    const bad = await callRoute(apiKeysRoute, { method: 'POST', body: { name: '  ', scope: 'owner' }, as: actors.admin });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error?.fields ?? {}).sort()).toEqual(['name', 'scope']);
  });

  it('revokes at once: the next request with the key is 401, and revoking twice is harmless', async () => {
    const { secret, apiKey } = await createKey('read');
    expect((await withKey(inboxRoute, secret, '/api/v1/inbox')).status).toBe(200);
    const revoked = await callRoute<ApiKey>(apiKeyRoute, {
      method: 'DELETE',
      path: `/api/v1/admin/api-keys/${apiKey.id}`,
      params: { id: apiKey.id },
      as: actors.admin,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).not.toBeNull();
    const after = await withKey(inboxRoute, secret, '/api/v1/inbox');
    expect(after.status).toBe(401);
    expect(after.json.error?.message).toBe(INVALID_API_KEY_MESSAGE);
    const again = await callRoute(apiKeyRoute, { method: 'DELETE', params: { id: apiKey.id }, as: actors.admin });
    expect(again.status).toBe(200);
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'api_key.revoked'), eq(auditEvents.targetId, apiKey.id)));
    expect(audited).toHaveLength(1);
  });

  it('a key cannot manage keys, even an admin key', async () => {
    const { secret } = await createKey('admin');
    const res = await withKey(apiKeysRoute, secret, '/api/v1/admin/api-keys', { method: 'POST', body: { name: 'more', scope: 'admin' } });
    expect(res.status).toBe(403);
    expect((await withKey(apiKeysRoute, secret, '/api/v1/admin/api-keys')).status).toBe(403);
  });
});

describe('resolving a bearer key', () => {
  it('gives unknown, malformed, revoked and orphaned keys the same 401', async () => {
    const banned = await createTestActor('admin');
    const { secret: bannedKey } = await createKey('read', banned);
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.id));
    const { secret } = await createKey('read');
    const unknown = `${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}`;
    for (const key of [unknown, 'not-a-key', '', bannedKey]) {
      const res = await withKey(inboxRoute, key, '/api/v1/inbox');
      expect(res.status, key).toBe(401);
      expect(res.json.error?.message).toBe(INVALID_API_KEY_MESSAGE);
    }
  });

  it('ignores the cookie when a bearer is sent: a bad key with an admin session is 401, a read key with one cannot write', async () => {
    const { secret } = await createKey('read');
    const bad = await callRoute(tagsRoute, {
      method: 'POST',
      path: '/api/v1/tags',
      body: newTagBody(),
      as: actors.admin,
      headers: { authorization: 'Bearer chorus_nope' },
    });
    expect(bad.status).toBe(401);
    const read = await withKey(tagsRoute, secret, '/api/v1/tags', { method: 'POST', body: newTagBody(), as: actors.admin });
    expect(read.status).toBe(403);
  });

  it('leaves other authorization schemes alone (a proxy’s Basic credentials): the session decides', async () => {
    const res = await callRoute(inboxRoute, {
      path: '/api/v1/inbox',
      as: actors.moderator,
      headers: { authorization: 'Basic dXNlcjpwdw==' },
    });
    expect(res.status).toBe(200);
  });

  it('writes last_used_at, at most once a minute', async () => {
    const { secret, apiKey } = await createKey('read');
    await withKey(inboxRoute, secret, '/api/v1/inbox');
    const [first] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(first!.lastUsedAt).not.toBeNull();
    await withKey(inboxRoute, secret, '/api/v1/inbox');
    const [second] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(second!.lastUsedAt!.getTime()).toBe(first!.lastUsedAt!.getTime());
    await db()
      .update(apiKeys)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiKeys.id, apiKey.id));
    await withKey(inboxRoute, secret, '/api/v1/inbox');
    const [third] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(Date.now() - third!.lastUsedAt!.getTime()).toBeLessThan(60_000);
  });
});

describe('scopes through the same policies', () => {
  it('read reads what a moderator reads and writes nothing; write moderates but cannot administer; admin can', async () => {
    const read = (await createKey('read')).secret;
    const write = (await createKey('write')).secret;
    const admin = (await createKey('admin')).secret;
    expect((await callRoute(inboxRoute, { path: '/api/v1/inbox' })).status).toBe(401);
    expect((await withKey(inboxRoute, read, '/api/v1/inbox')).status).toBe(200);

    const post = async (key: string) =>
      withKey(postsRoute, key, '/api/v1/posts', { method: 'POST', body: { board: boardSlug, title: `By key ${++seq}` } });
    expect((await post(read)).status).toBe(403);
    expect((await post(write)).status).toBe(201);

    const tag = (key: string) => withKey(tagsRoute, key, '/api/v1/tags', { method: 'POST', body: newTagBody() });
    expect((await tag(read)).status).toBe(403);
    expect((await tag(write)).status).toBe(403);
    expect((await tag(admin)).status).toBe(201);
  });

  it('never acts above its creator’s current role', async () => {
    const admin = await createTestActor('admin');
    const { secret } = await createKey('admin', admin);
    expect((await withKey(tagsRoute, secret, '/api/v1/tags', { method: 'POST', body: newTagBody() })).status).toBe(201);
    await db().update(users).set({ role: 'moderator' }).where(eq(users.id, admin.id));
    expect((await withKey(tagsRoute, secret, '/api/v1/tags', { method: 'POST', body: newTagBody() })).status).toBe(403);
    expect((await withKey(inboxRoute, secret, '/api/v1/inbox')).status).toBe(200);
  });

  it('refuses account and session endpoints to every key', async () => {
    const { secret } = await createKey('admin');
    const me = await withKey(meRoute, secret, '/api/v1/me');
    expect(me.status).toBe(403);
    expect(me.text).not.toContain(actors.admin.email);
    expect((await withKey(signOutRoute, secret, '/api/v1/auth/sign-out', { method: 'POST' })).status).toBe(403);
  });

  it('refuses keys on an endpoint that does not say `key` (fails closed, even where a cast drops the field)', async () => {
    const { secret } = await createKey('admin');
    const inbox = inboxRoute.endpoints.GET!;
    const stated = route('/api/v1/inbox', { GET: { ...inbox, apiKey: 'key' } });
    const unstated = route('/api/v1/inbox', { GET: { ...inbox, apiKey: undefined as unknown as 'key' } });
    expect((await withKey(stated, secret, '/api/v1/inbox')).status).toBe(200);
    const refused = await withKey(unstated, secret, '/api/v1/inbox');
    expect(refused.status).toBe(403);
    expect(refused.json.error?.message).toMatch(/API keys cannot use this endpoint/);
  });
});

describe('CSRF', () => {
  const crossSite = 'https://evil.example';

  it('still refuses a cross-site write carrying a session cookie, with or without a bad bearer', async () => {
    const cookieOnly = await callRoute(tagsRoute, {
      method: 'POST',
      path: '/api/v1/tags',
      body: newTagBody(),
      as: actors.admin,
      origin: crossSite,
    });
    expect(cookieOnly.status).toBe(403);
    const badBearer = await callRoute(tagsRoute, {
      method: 'POST',
      path: '/api/v1/tags',
      body: newTagBody(),
      as: actors.admin,
      origin: crossSite,
      headers: { authorization: 'Bearer chorus_forged' },
    });
    expect(badBearer.status).toBe(403);
    expect(badBearer.json.error?.code).toBe('FORBIDDEN');
  });

  it('lets a valid key write from anywhere: the key is not an ambient credential', async () => {
    const { secret } = await createKey('admin');
    const res = await withKey(tagsRoute, secret, '/api/v1/tags', { method: 'POST', body: newTagBody(), origin: crossSite });
    expect(res.status).toBe(201);
  });
});

describe('rate limit', () => {
  it('counts every key request against api-key:<id> and answers 429 with Retry-After past 600 a minute', async () => {
    const { secret, apiKey } = await createKey('read');
    expect((await withKey(inboxRoute, secret, '/api/v1/inbox')).status).toBe(200);
    const [counter] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `api-key:${apiKey.id}`));
    expect(counter!.count).toBe(1);
    await db()
      .update(rateLimits)
      .set({ count: 600 })
      .where(eq(rateLimits.key, `api-key:${apiKey.id}`));
    const limited = await withKey(inboxRoute, secret, '/api/v1/inbox');
    expect(limited.status).toBe(429);
    expect(limited.json.error?.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('does not hold a key to the per-person post limit (10 an hour)', async () => {
    const { secret } = await createKey('write');
    for (let i = 0; i < 11; i++) {
      const res = await withKey(postsRoute, secret, '/api/v1/posts', {
        method: 'POST',
        body: { board: boardSlug, title: `Many ${i} ${++seq}`, onBehalfOf: { email: `bulk-${seq}@customer.test` } },
      });
      expect(res.status).toBe(201);
    }
  });
});

describe('acting for customers', () => {
  it('creates the customer once (by external id, then email), makes them the author, and records the key', async () => {
    const { secret, apiKey } = await createKey('write', actors.admin, 'Support widget');
    const customer = { email: 'Dana@Customer.test', name: 'Dana Customer', externalId: 'crm-42' };
    const first = await withKey<{ number: number }>(postsRoute, secret, '/api/v1/posts', {
      method: 'POST',
      body: { board: boardSlug, title: 'Export to CSV please', onBehalfOf: customer },
    });
    expect(first.status).toBe(201);
    const danas = await db().select().from(users).where(eq(users.email, 'dana@customer.test'));
    expect(danas).toHaveLength(1);
    const dana = danas[0]!;
    expect(dana).toMatchObject({
      displayName: 'Dana Customer',
      externalId: 'crm-42',
      role: 'member',
      passwordHash: null,
      emailVerifiedAt: null,
    });
    const [post] = await db().select().from(posts).where(eq(posts.number, first.json.number));
    expect(post).toMatchObject({ authorId: dana.id, createdByKeyId: apiKey.id });

    // The same external id with another address is still Dana: no second account.
    const comment = await withKey<{ id: number }>(postCommentsRoute, secret, `/api/v1/posts/${first.json.number}/comments`, {
      method: 'POST',
      params: { number: String(first.json.number) },
      body: { body: 'Also for invoices.', onBehalfOf: { email: 'dana.new@customer.test', externalId: 'crm-42' } },
    });
    expect(comment.status).toBe(201);
    const [commentRow] = await db().select().from(comments).where(eq(comments.id, comment.json.id));
    expect(commentRow).toMatchObject({ authorId: dana.id, createdByKeyId: apiKey.id });

    // The vote: by email alone, found again.
    const vote = await withKey(voteRoute, secret, `/api/v1/posts/${first.json.number}/vote`, {
      method: 'PUT',
      params: { number: String(first.json.number) },
      body: { onBehalfOf: { email: 'dana@customer.test' } },
    });
    expect(vote.status).toBe(200);
    const [voteRow] = await db().select().from(votes).where(eq(votes.postId, post!.id));
    expect(voteRow).toMatchObject({ userId: dana.id, castById: actors.admin.id, castByKeyId: apiKey.id });
    expect(await db().select().from(users).where(eq(users.externalId, 'crm-42'))).toHaveLength(1);
    const created = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.created_for_customer'), eq(auditEvents.targetId, dana.id)));
    expect(created).toHaveLength(1);
    expect(created[0]!.apiKeyId).toBe(apiKey.id);

    // The team sees the key as who cast it, in the list and the CSV.
    const voters = await callRoute<{ items: { castBy?: string | null }[] }>(votesRoute, {
      params: { number: String(first.json.number) },
      as: actors.moderator,
    });
    expect(voters.json.items[0]!.castBy).toBe('API key “Support widget”');
    const csv = await callRoute(votersCsvRoute, { params: { number: String(first.json.number) }, as: actors.moderator });
    expect(csv.text).toContain('API key “Support widget”');
  });

  it('links an account the team created for a customer to the external id, and refuses one linked to another id', async () => {
    const { secret } = await createKey('write');
    const post = await insertPost(boardId);
    const email = `customer-${++seq}@customer.test`;
    // The moderators' "vote on behalf" made this account: no password, address never confirmed.
    const byTeam = await callRoute(votesRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { email },
      as: actors.moderator,
    });
    expect(byTeam.status).toBe(200);
    const call = (externalId: string) =>
      withKey(postsRoute, secret, '/api/v1/posts', {
        method: 'POST',
        body: { board: boardSlug, title: `Linked ${++seq}`, onBehalfOf: { email, externalId } },
      });
    expect((await call('acct-1')).status).toBe(201);
    const [linked] = await db().select().from(users).where(eq(users.email, email));
    expect(linked!.externalId).toBe('acct-1');
    const other = await call('acct-2');
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ error: { reason: 'customerOtherExternalId' } });
  });

  it('never acts as a team member: posts, comments and votes for an admin’s or a moderator’s address are 403', async () => {
    const { secret } = await createKey('admin');
    const target = await insertPost(boardId);
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(posts);
    for (const person of [actors.admin, actors.moderator]) {
      for (const onBehalfOf of [{ email: person.email }, { email: person.email.toUpperCase(), externalId: `team-${++seq}` }]) {
        const post = await withKey(postsRoute, secret, '/api/v1/posts', {
          method: 'POST',
          body: { board: boardSlug, title: `As the team ${++seq}`, onBehalfOf },
        });
        expect(post.status).toBe(403);
        expect(post.json).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'customerIsTeam' } });
        const comment = await withKey(postCommentsRoute, secret, `/api/v1/posts/${target.number}/comments`, {
          method: 'POST',
          params: { number: String(target.number) },
          body: { body: 'Speaking for the team', onBehalfOf },
        });
        expect(comment.status).toBe(403);
        const vote = await withKey(voteRoute, secret, `/api/v1/posts/${target.number}/vote`, {
          method: 'PUT',
          params: { number: String(target.number) },
          body: { onBehalfOf },
        });
        expect(vote.status).toBe(403);
      }
    }
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(posts),
    ).toEqual(before);
    expect(await db().select().from(comments).where(eq(comments.postId, target.id))).toHaveLength(0);
    expect(await db().select().from(votes).where(eq(votes.postId, target.id))).toHaveLength(0);
    const team = await db().select().from(users).where(eq(users.id, actors.moderator.id));
    expect(team[0]!.externalId).toBeNull();
  });

  it('never acts as a team member found by external id either (a member promoted after being linked)', async () => {
    const { secret } = await createKey('write');
    const externalId = `promoted-${++seq}`;
    const person = await createTestActor('member');
    await db().update(users).set({ externalId, role: 'moderator' }).where(eq(users.id, person.id));
    const res = await withKey(postsRoute, secret, '/api/v1/posts', {
      method: 'POST',
      body: { board: boardSlug, title: `Promoted ${seq}`, onBehalfOf: { email: `someone-else-${seq}@customer.test`, externalId } },
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { reason: 'customerIsTeam' } });
  });

  it('never links an account its owner signs in to (a password or a confirmed address) to an external id', async () => {
    const { secret } = await createKey('write');
    const withPassword = await createTestActor('member', { unverified: true });
    const confirmed = await createTestActor('member');
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, confirmed.id));
    for (const person of [withPassword, confirmed]) {
      const res = await withKey(postsRoute, secret, '/api/v1/posts', {
        method: 'POST',
        body: { board: boardSlug, title: `Claimed ${++seq}`, onBehalfOf: { email: person.email, externalId: `taken-${seq}` } },
      });
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ error: { code: 'CONFLICT', reason: 'customerOwnAccount' } });
      const [row] = await db().select().from(users).where(eq(users.id, person.id));
      expect(row!.externalId).toBeNull();
    }
    // Without an external id the key still acts for them, found by address: nothing is linked.
    const plain = await withKey<{ number: number }>(postsRoute, secret, '/api/v1/posts', {
      method: 'POST',
      body: { board: boardSlug, title: `By address ${++seq}`, onBehalfOf: { email: withPassword.email } },
    });
    expect(plain.status).toBe(201);
    const [post] = await db().select().from(posts).where(eq(posts.number, plain.json.number));
    expect(post!.authorId).toBe(withPassword.id);
  });

  it('is for write and admin keys only: sessions and read keys are refused, input is validated', async () => {
    const onBehalfOf = { email: 'someone@customer.test' };
    const session = await callRoute(postsRoute, {
      method: 'POST',
      path: '/api/v1/posts',
      body: { board: boardSlug, title: 'Session', onBehalfOf },
      as: actors.admin,
    });
    expect(session.status).toBe(403);
    const { secret: read } = await createKey('read');
    expect(
      (await withKey(postsRoute, read, '/api/v1/posts', { method: 'POST', body: { board: boardSlug, title: 'R', onBehalfOf } })).status,
    ).toBe(403);
    const { secret: write } = await createKey('write');
    const invalid = await withKey(postsRoute, write, '/api/v1/posts', {
      method: 'POST',
      body: { board: boardSlug, title: 'Bad', onBehalfOf: { email: 'not an address', role: 'admin' } },
    });
    expect(invalid.status).toBe(422);
    const target = await insertPost(boardId);
    const internal = await withKey(postCommentsRoute, write, `/api/v1/posts/${target.number}/comments`, {
      method: 'POST',
      params: { number: String(target.number) },
      body: { body: 'Note', internal: true, onBehalfOf },
    });
    expect(internal.status).toBe(422);
    expect(await db().select().from(users).where(eq(users.email, 'someone@customer.test'))).toHaveLength(0);
  });
});

describe('audit', () => {
  it('records creation and revocation, and names the key as the actor of what it does', async () => {
    const { secret, apiKey } = await createKey('admin', actors.admin, 'Provisioner');
    const res = await withKey<{ id: string }>(tagsRoute, secret, '/api/v1/tags', { method: 'POST', body: { name: `audited ${++seq}` } });
    expect(res.status).toBe(201);
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tag.created'), eq(auditEvents.targetId, res.json.id)));
    expect(row!.apiKeyId).toBe(apiKey.id);
    expect(row!.actorId).toBe(actors.admin.id);

    const page = await listAuditPage({ limit: 100 }, serverWords('en', 'audit'));
    const tagEvent = page.items.find((e) => e.action === 'tag.created' && e.target?.id === res.json.id)!;
    expect(tagEvent.actor.label).toBe('API key “Provisioner”');
    expect(tagEvent.actor.href).toBe('/admin/api-keys');
    const createdEvent = page.items.find((e) => e.action === 'api_key.created' && e.target?.id === apiKey.id)!;
    expect(createdEvent.actor.label).toBe(actors.admin.displayName);
    expect(createdEvent.sentence.map((p) => ('v' in p ? p.v : '')).join('')).toContain('created the API key “Provisioner” (admin scope)');
    expect(JSON.stringify(page.items)).not.toContain(secret.slice(-40));
  });
});
