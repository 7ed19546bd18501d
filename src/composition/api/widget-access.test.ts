/**
 * What the embedded widget's token may call is stated on each endpoint (`widget: true` in
 * src/server/http/route.ts); anything without it refuses the token (docs/widget.md). Here, over
 * real HTTP, every endpoint of the registry is called with a live widget token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiNotFoundRoute } from '@/features/health/server/not-found';
import { db } from '@/server/db/client';
import type { Method } from '@/server/http/route';
import { createWidgetSession } from '@/server/identity/widget-sessions';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { startDispatcher, type Dispatcher } from '@/test/fuzz/dispatch';
import { API_ROUTES } from './registry';

useTestDatabase();

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

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '12345');
const operations = API_ROUTES.flatMap((route) =>
  (Object.keys(route.endpoints) as Method[]).map((method) => ({
    key: `${method} ${route.path}`,
    method,
    path: route.path,
    widget: route.endpoints[method]!.widget === true,
  })),
);

let dispatcher: Dispatcher;
let token: string;

beforeAll(async () => {
  const member = await createTestActor('member');
  token = (await createWidgetSession(db(), member.id)).token;
  dispatcher = await startDispatcher(API_ROUTES, apiNotFoundRoute);
});
afterAll(async () => {
  await dispatcher?.close();
});

const messageOf = (text: string) => (JSON.parse(text || '{}') as { error?: { message?: string } }).error?.message;

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
      const res = await dispatcher.send(o.method, concrete(o.path), { authorization: `Bearer ${token}` });
      expect([res.status, messageOf(res.text)], o.key).toEqual([403, WIDGET_REFUSED]);
    }
    // A path no route serves is refused too.
    const nothing = await dispatcher.send('GET', '/api/v1/nothing', { authorization: `Bearer ${token}` });
    expect([nothing.status, messageOf(nothing.text)]).toEqual([403, WIDGET_REFUSED]);
  });

  it('lets the token past that gate on the panel’s calls', async () => {
    for (const o of operations.filter((x) => x.widget)) {
      // A NUL in the query is refused (422) after the widget check and the policy, before any handler runs.
      const res = await dispatcher.send(o.method, `${concrete(o.path)}?probe=%00`, { authorization: `Bearer ${token}` });
      expect([res.status, messageOf(res.text)], o.key).toEqual([422, expect.any(String)]);
    }
  });
});
