/**
 * The API examples are true (docs/api.md, "Examples"): every operation has one, its request
 * passes the endpoint's own schemas, and sent to the real route in a seeded workspace
 * (src/test/api-examples-world.ts), as the person it is written for, it answers the example's
 * status and a body of the example's shape.
 *
 * API_EXAMPLES_RECORD=<file> writes the real answers there (arrays cut to two items, real ids
 * mapped back to the examples' ones) instead of failing: a start for a new or changed example.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiNotFoundRoute } from '@/features/health/server/not-found';
import type { Method } from '@/server/http/route';
import { createTestActor, type TestActor } from '@/test/actors';
import { createExampleWorld, examplePng, type ExampleWorld } from '@/test/api-examples-world';
import { createContractValidator, type Exchange } from '@/test/contract';
import { useTestDatabase } from '@/test/db';
import { startDispatcher, type Answer, type Dispatcher } from '@/test/fuzz/dispatch';
import { API_EXAMPLES } from './examples';
import { shapeDifferences } from './examples/shape';
import { callerOf, exampleUrl } from './examples/openapi';
import type { ApiExample } from './examples/types';
import { API_ROUTES, openApiDocument } from './registry';

// Every example is sent once; the per-minute limits are proven elsewhere (rate-limit.test.ts).
const rateLimitMultiplier = vi.hoisted(() => {
  const before = process.env.CHORUS_RATE_LIMIT_MULTIPLIER;
  process.env.CHORUS_RATE_LIMIT_MULTIPLIER = '1000';
  return before;
});
// The webhook examples send to the seeded world's receiver on 127.0.0.1 (src/test/api-examples-world.ts).
vi.hoisted(() => {
  process.env.CHORUS_WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
  process.env.CHORUS_WEBHOOK_ALLOW_HTTP = '1';
  // The single sign-on examples store client secrets, sealed with this key (src/test/api-examples-world.ts).
  process.env.CHORUS_SECRET_KEY = 'e2e0'.repeat(16);
});

useTestDatabase();

const RECORD = process.env.API_EXAMPLES_RECORD;
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const operations = API_ROUTES.flatMap((route) =>
  METHODS.filter((m) => route.endpoints[m]).map((method) => ({
    key: `${method} ${route.path}`,
    method,
    path: route.path,
    ep: route.endpoints[method]!,
  })),
);

describe('the examples', () => {
  it('cover every operation of the registry, and nothing else', () => {
    expect(Object.keys(API_EXAMPLES).sort()).toEqual(operations.map((o) => o.key).sort());
  });

  it.each(operations.map((o) => [o.key, o] as const))('%s: the request passes the endpoint’s own schemas', (_key, o) => {
    const ex = API_EXAMPLES[o.key]!;
    const pathNames = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    expect(Object.keys(ex.params ?? {}).sort(), 'path parameters').toEqual([...pathNames].sort());
    if (o.ep.query) {
      const parsed = o.ep.query.safeParse({ ...ex.params, ...ex.query });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    } else expect(ex.query, 'query without a schema').toBeUndefined();
    if (o.ep.body && o.method !== 'GET') {
      const parsed = o.ep.body.safeParse(ex.body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    } else expect(ex.body, 'a body the endpoint does not read').toBeUndefined();
    expect(Boolean(ex.file), 'a file body exactly where the endpoint takes an upload').toBe(Boolean(o.ep.upload && o.method !== 'GET'));
    expect(ex.status).toBeGreaterThanOrEqual(200);
    expect(ex.status).toBeLessThan(300);
    expect(ex.response === undefined || ex.media === undefined, 'a JSON body or another media type, not both').toBe(true);
    if (ex.status === 204) expect(ex.response ?? ex.media).toBeUndefined();
    else expect(ex.response ?? ex.media, 'a response example').toBeDefined();
    expect(Boolean(ex.media), 'a media type exactly where the endpoint says it answers one').toBe(Boolean(o.ep.produces));
  });
});

describe('sent to the real routes in a seeded workspace', () => {
  let dispatcher: Dispatcher;
  let world: ExampleWorld;
  let png: Buffer;
  const recorded: Record<string, unknown> = {};

  /**
   * The reorder examples list every board and status: they run before examples that add one. The
   * identify and widget session examples' tokens are signed with the world's identify secret: they
   * run before the example that replaces that secret.
   */
  const FIRST = [
    'POST /api/v1/setup',
    'POST /api/v1/boards/reorder',
    'POST /api/v1/statuses/reorder',
    'POST /api/v1/auth/identify',
    'POST /api/v1/widget/session',
  ];
  const order = [
    ...FIRST,
    ...Object.entries(openApiDocument().paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)),
  ].filter((k, i, all) => all.indexOf(k) === i);

  beforeAll(async () => {
    dispatcher = await startDispatcher(API_ROUTES, apiNotFoundRoute);
    png = await examplePng();
  });

  afterAll(async () => {
    await dispatcher?.close();
    await world?.close();
    if (rateLimitMultiplier === undefined) delete process.env.CHORUS_RATE_LIMIT_MULTIPLIER;
    else process.env.CHORUS_RATE_LIMIT_MULTIPLIER = rateLimitMultiplier;
    if (RECORD) writeFileSync(RECORD, JSON.stringify(recorded, null, 2));
  });

  /** Every call and its answer also pass through a validator built from the document alone (src/test/contract.ts). */
  const contract = createContractValidator(openApiDocument());
  const checked = { calls: 0, violations: 0, callers: new Set<string>() };

  const send = async (key: string, ex: ApiExample): Promise<{ answer: Answer; exchange: Exchange; caller: string }> => {
    const [method] = key.split(' ') as [Method];
    const op = openApiDocument().paths[key.slice(method.length + 1)]![method.toLowerCase() as Lowercase<Method>]!;
    const refs = world?.refs ?? new Map<string, string>();
    const real = (v: string) => refs.get(v) ?? v;
    const caller = ex.as ?? callerOf(op);
    const actor: TestActor | undefined =
      caller === 'visitor' ? undefined : caller === 'account' ? await createTestActor('member') : world.actors[caller];
    const headers: Record<string, string> = {};
    if (actor) headers.cookie = actor.cookie;
    if (method !== 'GET') headers.origin = 'self';
    let body: string | Buffer | undefined;
    if (ex.file) {
      headers['content-type'] = ex.file.contentType;
      body = png;
    } else if (ex.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(ex.body, (_k, v: unknown) => (typeof v === 'string' ? real(v) : v));
    }
    const url = exampleUrl(key.slice(method.length + 1), ex, real);
    const answer = await dispatcher.send(method, url, headers, body);
    const exchange: Exchange = {
      method,
      url,
      requestHeaders: headers,
      requestBody: body,
      status: answer.status,
      responseHeaders: answer.headers,
      responseText: answer.text,
    };
    return { answer, exchange, caller };
  };

  it.each(order.map((k) => [k] as const))('%s answers as its example says', async (key) => {
    if (key !== 'POST /api/v1/setup' && !world) world = await createExampleWorld();
    const ex = API_EXAMPLES[key]!;
    const { answer, exchange, caller } = await send(key, ex);
    const type = String(answer.headers['content-type'] ?? '');
    const json = type.includes('json') && answer.text ? (JSON.parse(answer.text) as unknown) : undefined;
    if (RECORD) {
      recorded[key] = record(answer, json, type, world?.refs);
      return;
    }
    expect(answer.status, `${key} answered ${answer.text.slice(0, 500)}`).toBe(ex.status);
    const violations = contract.check(exchange);
    checked.calls++;
    checked.violations += violations.length;
    checked.callers.add(caller);
    expect(violations, `${key}: what the document does not allow`).toEqual([]);
    if (ex.media) {
      expect(type.startsWith(ex.media.type), `${key}: answered ${type}`).toBe(true);
      if (ex.media.firstLine !== undefined) expect(answer.text.split(/\r?\n/)[0]).toBe(ex.media.firstLine);
    } else if (ex.response !== undefined) {
      const differences = shapeDifferences(ex.response, json, { subset: ex.compare === 'subset' });
      expect(differences, `${key}: the real answer was ${answer.text.slice(0, 2000)}`).toEqual([]);
    } else expect(answer.text).toBe('');
  });

  it('passed every call, as every kind of caller, through the contract validator with no violation', () => {
    if (RECORD) return;
    // One call per operation of the document (136 when this was written).
    expect(checked.calls).toBe(Object.values(openApiDocument().paths).flatMap((item) => Object.keys(item)).length);
    expect(checked.calls).toBeGreaterThan(130);
    expect([...checked.callers].sort()).toEqual(['account', 'admin', 'member', 'moderator', 'visitor']);
    expect(checked.violations).toBe(0);
  });
});

/** A recorded answer, as an example would hold it. */
function record(answer: Answer, json: unknown, type: string, refs: Map<string, string> | undefined) {
  if (json === undefined) {
    if (!answer.text) return { status: answer.status };
    const firstLine = type.startsWith('text/') ? answer.text.split(/\r?\n/)[0] : undefined;
    return { status: answer.status, media: { type: type.split(';')[0], ...(firstLine !== undefined ? { firstLine } : {}), note: '' } };
  }
  // Real ids back to the examples' ones: a whole value, or a long one (an id) inside a string.
  const back = new Map([...(refs ?? [])].map(([example, real]) => [real, example]));
  const mapString = (v: string) =>
    back.get(v) ?? [...back].filter(([real]) => real.length >= 20).reduce((s, [real, ex]) => s.split(real).join(ex), v);
  const cut = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.slice(0, 2).map(cut)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]))
        : typeof v === 'string'
          ? mapString(v)
          : v;
  return { status: answer.status, response: cut(json) };
}
