/**
 * Who may call each endpoint with a credential that is not a person's session is stated on the
 * endpoint itself (src/server/http/route.ts), and checked here over real HTTP, every endpoint of
 * the registry called in turn:
 * - API keys (`apiKey`, required by the type, so no endpoint is open to keys, nor closed to them,
 *   by omission): the `session` ones refuse every key (403), the `key` ones let a key past that gate;
 * - the embedded widget's token (`widget: true`; anything without it refuses the token,
 *   docs/widget.md): exactly the panel's calls are let through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyone } from '@/core/identity/policy';
import type { ApiKeyScope } from '@/core/identity/api-keys';
import { apiNotFoundRoute } from '@/features/health/server/not-found';
import { db } from '@/server/db/client';
import { apiKeys } from '@/server/db/schema';
import { endpoint, json, type Method } from '@/server/http/route';
import { newApiKey } from '@/server/identity/api-keys';
import { createWidgetSession } from '@/server/identity/widget-sessions';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { startDispatcher, type Dispatcher } from '@/test/fuzz/dispatch';
import { API_ROUTES } from './registry';

useTestDatabase();

const KEYS_REFUSED = 'API keys cannot use this endpoint: it is for people signed in.';
const READ_ONLY = 'This API key may only read (its scope is read).';
const WIDGET_REFUSED = 'The widget cannot use this endpoint: open the board to do this.';

/** What the panel does (docs/widget.md): read boards, posts and the changelog, search, suggest similar posts, post, vote. */
const PANEL_CALLS = [
  'GET /api/v1/boards',
  'GET /api/v1/changelog',
  'GET /api/v1/changelog/{slug}',
  'GET /api/v1/posts',
  'POST /api/v1/posts',
  'GET /api/v1/posts/similar',
  'GET /api/v1/posts/{number}',
  'PUT /api/v1/posts/{number}/vote',
  'DELETE /api/v1/posts/{number}/vote',
  'GET /api/v1/workspace',
];

/** A concrete request path for a route's path: each `{name}` filled with a value a client could send. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '12345');
const operations = API_ROUTES.flatMap((route) =>
  (Object.keys(route.endpoints) as Method[]).map((method) => {
    const ep = route.endpoints[method]!;
    return { key: `${method} ${route.path}`, method, path: route.path, access: ep.apiKey, widget: ep.widget === true };
  }),
);

let dispatcher: Dispatcher;
const keys = {} as Record<ApiKeyScope, string>;
let widgetToken: string;

beforeAll(async () => {
  const admin = await createTestActor('admin');
  for (const scope of ['read', 'admin'] as const) {
    const key = newApiKey();
    await db().insert(apiKeys).values({ name: scope, scope, prefix: key.prefix, secretHash: key.secretHash, createdById: admin.id });
    keys[scope] = key.key;
  }
  const member = await createTestActor('member');
  widgetToken = (await createWidgetSession(db(), member.id)).token;
  dispatcher = await startDispatcher(API_ROUTES, apiNotFoundRoute);
});
afterAll(async () => {
  await dispatcher?.close();
});

/** Sends with this bearer credential; answers the status and the error message, if any. */
async function call(method: string, url: string, bearer: string): Promise<[number, string | undefined]> {
  const res = await dispatcher.send(method, url, { authorization: `Bearer ${bearer}` });
  return [res.status, (JSON.parse(res.text || '{}') as { error?: { message?: string } }).error?.message];
}

describe('API key access, stated by each endpoint', () => {
  it('is required on every endpoint: leaving it out does not compile', () => {
    // @ts-expect-error -- `apiKey` is required: an endpoint must say whether keys may call it.
    const unstated = endpoint({ authorize: anyone, handle: () => json({}) });
    expect(unstated.apiKey).toBeUndefined();
  });

  it('is one of key and session on every endpoint of the registry', () => {
    for (const o of operations) expect(['key', 'session'], o.key).toContain(o.access);
    expect(operations.filter((o) => o.access === 'session').length).toBeGreaterThan(0);
    expect(operations.filter((o) => o.access === 'key').length).toBeGreaterThan(0);
  });

  it('refuses every key, an admin one too, on each session endpoint (403)', async () => {
    for (const o of operations.filter((x) => x.access === 'session')) {
      expect(await call(o.method, concrete(o.path), keys.admin), o.key).toEqual([403, KEYS_REFUSED]);
    }
  });

  it('lets a key past the gate on each key endpoint: a read key reads, and is refused only writes for its scope', async () => {
    for (const o of operations.filter((x) => x.access === 'key')) {
      // A NUL in the query is refused (422) after the key's checks and the policy, before any handler runs.
      const [status, message] = await call(o.method, `${concrete(o.path)}?probe=%00`, keys.read);
      expect(message, o.key).not.toBe(KEYS_REFUSED);
      if (o.method === 'GET') expect([403, 422], `${o.key}: ${message}`).toContain(status);
      else expect([status, message], o.key).toEqual([403, READ_ONLY]);
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
      for (const o of found) expect(o.access, o.key).toBe('session');
    }
  });
});

describe('what a widget token may call', () => {
  it('is exactly the panel’s calls', () => {
    expect(
      operations
        .filter((o) => o.widget)
        .map((o) => o.key)
        .sort(),
    ).toEqual([...PANEL_CALLS].sort());
  });

  it('refuses the token everything else, with 403: other methods on the same paths, the account, the team’s tools', async () => {
    const refused = operations.filter((o) => !o.widget);
    expect(refused.map((o) => o.key)).toEqual(expect.arrayContaining(['DELETE /api/v1/posts/{number}', 'GET /api/v1/me']));
    for (const o of refused) {
      expect(await call(o.method, concrete(o.path), widgetToken), o.key).toEqual([403, WIDGET_REFUSED]);
    }
    // A path no route serves is refused too.
    expect(await call('GET', '/api/v1/nothing', widgetToken)).toEqual([403, WIDGET_REFUSED]);
  });

  it('lets the token past that gate on the panel’s calls', async () => {
    for (const o of operations.filter((x) => x.widget)) {
      // A NUL in the query is refused (422) after the widget check and the policy, before any handler runs.
      expect(await call(o.method, `${concrete(o.path)}?probe=%00`, widgetToken), o.key).toEqual([422, expect.any(String)]);
    }
  });
});
