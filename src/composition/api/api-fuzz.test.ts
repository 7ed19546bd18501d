/**
 * Fuzzing from the OpenAPI document (docs/operations.md, "Fuzzing"): requests generated from
 * every operation's parameters and body schema, with invalid, boundary and random inputs, sent
 * as a visitor, a member, a moderator and an admin through the real `route()` pipeline over
 * HTTP. Every answer is checked (src/test/fuzz/oracle.ts): no 5xx, the §8 error shape with a
 * documented code or a JSON success, and nothing its role may not see.
 *
 *   FUZZ_RUNS   requests in all (default 10,000), spread evenly over the operations
 *   FUZZ_SEED   the seed (default: a new one, printed); the same seed generates the same requests
 *   FUZZ_OP     only this operationId, or the operations whose id or "METHOD /path" contains this text
 *   FUZZ_PATH   with FUZZ_SEED and FUZZ_OP: replay only the request at this path (run index)
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiNotFoundRoute } from '@/features/health/server/not-found';
import { logger } from '@/server/log';
import { createContractValidator } from '@/test/contract';
import { useTestDatabase } from '@/test/db';
import { routedPath, startDispatcher, type Answer, type Dispatcher } from '@/test/fuzz/dispatch';
import { createFixture, type Fixture } from '@/test/fuzz/fixture';
import { checkAnswer, type Problem } from '@/test/fuzz/oracle';
import { describeRequest, operationsOf, requestArbitrary, ROLES, type FuzzRole, type Operation } from '@/test/fuzz/requests';
import { API_ROUTES, openApiDocument } from './registry';

// The rate limits are proven elsewhere (rate-limit.test.ts); here they would turn most requests of
// a role into 429s. Read once by env(), so set before anything reads it.
const rateLimitMultiplier = vi.hoisted(() => {
  const before = process.env.CHORUS_RATE_LIMIT_MULTIPLIER;
  process.env.CHORUS_RATE_LIMIT_MULTIPLIER = '1000';
  return before;
});

useTestDatabase();

const TOTAL = Number(process.env.FUZZ_RUNS || 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
/** Each operation draws from its own stream of the one seed, so that operations do not repeat each other's choices. */
const seedOf = (operationId: string) => {
  let h = SEED | 0;
  for (const ch of operationId) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};
const ONLY = process.env.FUZZ_OP;
const REPLAY_PATH = process.env.FUZZ_PATH;

const selected = (o: Operation) =>
  !ONLY || o.id === ONLY || (!REPLAY_PATH && `${o.id} ${o.method} ${o.path}`.toLowerCase().includes(ONLY.toLowerCase()));
const operations = operationsOf(openApiDocument()).filter(selected);
const runsPerOperation = Math.ceil(TOTAL / Math.max(1, operations.length));
const paths = [...new Set(operations.map((o) => o.path)), ...API_ROUTES.map((e) => e.path)];
const operationsByPath = new Map<string, Operation[]>();
for (const o of operationsOf(openApiDocument())) operationsByPath.set(o.path, [...(operationsByPath.get(o.path) ?? []), o]);

const stats = {
  sent: 0,
  byRole: Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<FuzzRole, number>,
  byOperation: new Map<string, number>(),
  msByOperation: new Map<string, number>(),
  byStatus: new Map<number, number>(),
  coverage: new Set<string>(),
  problems: { '5xx': 0, shape: 0, leak: 0, contract: 0 } as Record<Problem['kind'], number>,
  restores: 0,
};
const started = Date.now();
const cpuAtStart = process.cpuUsage();

let fixture: Fixture;
/** Successes are held to the document too (src/test/contract.ts). */
const contract = createContractValidator(openApiDocument());
const fixtureChecks = (role: FuzzRole) => ({ hidden: fixture.hiddenFrom[role], secrets: fixture.secrets, contract });
let dispatcher: Dispatcher;

/** What the pipeline logged about each 500 (the logger is silent under Vitest), by request id. */
const internalErrors = new Map<string, string>();

beforeAll(async () => {
  const log = logger();
  const error = log.error.bind(log);
  vi.spyOn(log, 'error').mockImplementation(((obj: unknown, ...rest: unknown[]) => {
    const o = obj as { err?: Error; requestId?: string } | undefined;
    if (o?.requestId && o.err)
      internalErrors.set(
        o.requestId,
        String(o.err.stack ?? o.err)
          .split('\n')
          .slice(0, 6)
          .join('\n'),
      );
    return error(obj as object, ...(rest as []));
  }) as typeof log.error);
  fixture = await createFixture();
  dispatcher = await startDispatcher(API_ROUTES, apiNotFoundRoute);
});

afterAll(async () => {
  await dispatcher?.close();
  // A worker process may run other files after this one (the logger lives on globalThis).
  vi.restoreAllMocks();
  if (rateLimitMultiplier === undefined) delete process.env.CHORUS_RATE_LIMIT_MULTIPLIER;
  else process.env.CHORUS_RATE_LIMIT_MULTIPLIER = rateLimitMultiplier;
  const per = [...stats.byOperation.values()];
  const line = [
    `API fuzz: seed=${SEED} requests=${stats.sent}`,
    `roles: ${ROLES.map((r) => `${r} ${stats.byRole[r]}`).join(', ')}`,
    `operations: ${stats.byOperation.size} (${Math.min(...per)}–${Math.max(...per)} requests each)`,
    `5xx=${stats.problems['5xx']} shape failures=${stats.problems.shape} leaks=${stats.problems.leak} contract violations=${stats.problems.contract}`,
    `statuses: ${[...stats.byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
    `repairs after writes: ${stats.restores}`,
    `${((Date.now() - started) / 1000).toFixed(1)} s (CPU ${(Object.values(process.cpuUsage(cpuAtStart)).reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} s)`,
  ].join(' | ');
  const slowest = [...stats.msByOperation].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`slowest operations: ${slowest.map(([id, ms]) => `${id} ${Math.round(ms)} ms`).join(', ')}`);
  console.log(`${line}\nper operation: ${[...stats.byOperation].map(([id, n]) => `${id} ${n}`).join(', ')}`);
});

describe('the fixture', () => {
  it('is put back after a team write reveals a marker, which the oracle flags until then', async () => {
    if (REPLAY_PATH) return;
    const path = `/api/v1/boards/${fixture.privateBoardSlug}`;
    const visitorRead = async () => {
      const request = { role: 'visitor' as const, method: 'GET', url: path, headers: {} };
      const answer = await dispatcher.send('GET', path, {});
      const problems = checkAnswer(request, answer, {
        operations: operationsByPath.get('/api/v1/boards/{board}')!,
        ...fixtureChecks('visitor'),
      });
      return { status: answer.status, leaks: problems.filter((p) => p.kind === 'leak').length };
    };
    expect(await visitorRead()).toEqual({ status: 404, leaks: 0 });
    const made = await dispatcher.send(
      'PATCH',
      path,
      { cookie: fixture.actors.admin.cookie, origin: 'self', 'content-type': 'application/json' },
      JSON.stringify({ visibility: 'public' }),
    );
    expect(made.status).toBe(200);
    expect((await visitorRead()).leaks).toBeGreaterThan(0);
    await fixture.restore();
    expect(await visitorRead()).toEqual({ status: 404, leaks: 0 });
  });
});

const PROBLEMS = '5xx, shape failure, leak or contract violation';

describe.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))('%s', (_name, operation) => {
  it(
    `answers ${REPLAY_PATH ? 'one replayed request' : `${runsPerOperation} generated requests`}, in every role, with no ${PROBLEMS}`,
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      let index = 0;
      const property = fc.asyncProperty(requestArbitrary(operation, fixture.known), async (request) => {
        const path = REPLAY_PATH ?? String(index++);
        const headers = { ...request.headers };
        if (request.role !== 'visitor') headers.cookie = fixture.actors[request.role].cookie;
        const t0 = performance.now();
        const answer = await dispatcher.send(request.method, request.url, headers, request.body).catch(
          // No HTTP answer the client could read: a failure like any other, not the end of the run.
          (err: unknown): Answer => ({ status: 0, headers: {}, text: `no HTTP answer: ${String(err)}` }),
        );
        stats.msByOperation.set(operation.id, (stats.msByOperation.get(operation.id) ?? 0) + performance.now() - t0);

        stats.sent++;
        stats.byRole[request.role]++;
        stats.byOperation.set(operation.id, (stats.byOperation.get(operation.id) ?? 0) + 1);
        stats.byStatus.set(answer.status, (stats.byStatus.get(answer.status) ?? 0) + 1);
        stats.coverage.add(`${operation.id} ${request.role}`);

        const routed = routedPath(paths, request.url.split('?')[0]!);
        const problems = checkAnswer(request, answer, {
          operations: routed ? (operationsByPath.get(routed) ?? []) : [],
          ...fixtureChecks(request.role),
        });
        // Anything a write changed that decides who sees a marker is put back before the next request.
        if (request.method !== 'GET' && request.method !== 'HEAD' && answer.status < 300) {
          stats.restores++;
          await fixture.restore();
        }
        for (const p of problems) stats.problems[p.kind]++;
        if (problems.length > 0) {
          const logged = internalErrors.get(String(answer.headers['x-request-id']));
          failures.push(
            `${problems.map((p) => `[${p.kind}] ${p.message}`).join('\n')}\n  request: ${describeRequest(request)}\n` +
              (logged ? `  logged: ${logged}\n` : '') +
              `  replay: FUZZ_SEED=${SEED} FUZZ_OP=${operation.id} FUZZ_PATH=${path} npm run test:unit -- src/composition/api/api-fuzz.test.ts`,
          );
        }
      });
      // Never shrinks: the answers depend on what earlier requests wrote. Each run's path is its index.
      await fc.assert(property, {
        seed: seedOf(operation.id),
        numRuns: REPLAY_PATH ? 1 : runsPerOperation,
        ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}),
        endOnFailure: true,
      });
      expect(failures, failures.slice(0, 5).join('\n\n')).toEqual([]);
    },
  );
});

describe('the fuzzing run', () => {
  it('sent at least FUZZ_RUNS requests, to every operation, in every role', () => {
    if (ONLY || REPLAY_PATH) return;
    expect(stats.sent).toBeGreaterThanOrEqual(TOTAL);
    expect(stats.byOperation.size).toBe(operations.length);
    expect(operations.length).toBe(Object.values(openApiDocument().paths).flatMap((item) => Object.keys(item)).length);
    for (const role of ROLES) expect(stats.byRole[role]).toBeGreaterThan(TOTAL / 8);
    // Each role is drawn a quarter of the time: with 40 runs, missing one has odds below 1 in 10⁴.
    if (runsPerOperation >= 40) expect(stats.coverage.size).toBe(operations.length * ROLES.length);
  });
});
