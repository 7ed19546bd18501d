/**
 * What API keys may call is stated on every endpoint (`apiKey` in src/server/http/route.ts), and
 * the type requires it, so no endpoint is open to keys, nor closed to them, by omission. Here,
 * over real HTTP, every endpoint of the registry is called with keys: the `session` ones refuse
 * every key (403), the `key` ones let a key past that gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyone } from '@/core/identity/policy';
import { apiNotFoundRoute } from '@/features/health/server/not-found';
import { db } from '@/server/db/client';
import { apiKeys } from '@/server/db/schema';
import { endpoint, json, type Method } from '@/server/http/route';
import type { ApiKeyScope } from '@/core/identity/api-keys';
import { newApiKey } from '@/server/identity/api-keys';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { startDispatcher, type Dispatcher } from '@/test/fuzz/dispatch';
import { API_ROUTES } from './registry';

useTestDatabase();

const KEYS_REFUSED = 'API keys cannot use this endpoint: it is for people signed in.';
const READ_ONLY = 'This API key may only read (its scope is read).';

/** A concrete request path for a route's path: each `{name}` filled with a value a client could send. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '12345');
const operations = API_ROUTES.flatMap((route) =>
  (Object.keys(route.endpoints) as Method[]).map((method) => ({ method, path: route.path, access: route.endpoints[method]!.apiKey })),
);

let dispatcher: Dispatcher;
const keys = {} as Record<ApiKeyScope, string>;

beforeAll(async () => {
  const admin = await createTestActor('admin');
  for (const scope of ['read', 'admin'] as const) {
    const key = newApiKey();
    await db().insert(apiKeys).values({ name: scope, scope, prefix: key.prefix, secretHash: key.secretHash, createdById: admin.id });
    keys[scope] = key.key;
  }
  dispatcher = await startDispatcher(API_ROUTES, apiNotFoundRoute);
});
afterAll(async () => {
  await dispatcher?.close();
});

const messageOf = (text: string) => (JSON.parse(text || '{}') as { error?: { message?: string } }).error?.message;

describe('API key access, stated by each endpoint', () => {
  it('is required on every endpoint: leaving it out does not compile', () => {
    // @ts-expect-error -- `apiKey` is required: an endpoint must say whether keys may call it.
    const unstated = endpoint({ authorize: anyone, handle: () => json({}) });
    expect(unstated.apiKey).toBeUndefined();
  });

  it('is one of key and session on every endpoint of the registry', () => {
    for (const o of operations) expect(['key', 'session'], `${o.method} ${o.path}`).toContain(o.access);
    expect(operations.filter((o) => o.access === 'session').length).toBeGreaterThan(0);
    expect(operations.filter((o) => o.access === 'key').length).toBeGreaterThan(0);
  });

  it('refuses every key, an admin one too, on each session endpoint (403)', async () => {
    for (const o of operations.filter((x) => x.access === 'session')) {
      const res = await dispatcher.send(o.method, concrete(o.path), { authorization: `Bearer ${keys.admin}` });
      expect(res.status, `${o.method} ${o.path}`).toBe(403);
      expect(messageOf(res.text), `${o.method} ${o.path}`).toBe(KEYS_REFUSED);
    }
  });

  it('lets a key past the gate on each key endpoint: a read key reads, and is refused only writes for its scope', async () => {
    for (const o of operations.filter((x) => x.access === 'key')) {
      // A NUL in the query is refused (422) after the key's checks and the policy, before any handler runs.
      const res = await dispatcher.send(o.method, `${concrete(o.path)}?probe=%00`, { authorization: `Bearer ${keys.read}` });
      const message = messageOf(res.text);
      expect(message, `${o.method} ${o.path}`).not.toBe(KEYS_REFUSED);
      if (o.method === 'GET') expect([403, 422], `${o.method} ${o.path}: ${message}`).toContain(res.status);
      else expect([res.status, message], `${o.method} ${o.path}`).toEqual([403, READ_ONLY]);
    }
  });

  it('keeps the account, session and key-management endpoints for people', () => {
    for (const path of [
      '/api/v1/auth/sign-in',
      '/api/v1/me',
      '/api/v1/me/password',
      '/api/v1/me/export',
      '/api/v1/setup',
      '/api/v1/admin/api-keys',
      '/api/v1/admin/identify/secret',
    ]) {
      const found = operations.filter((o) => o.path === path);
      expect(found.length, path).toBeGreaterThan(0);
      for (const o of found) expect(o.access, `${o.method} ${path}`).toBe('session');
    }
  });
});
