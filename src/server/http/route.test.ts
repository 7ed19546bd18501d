import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { NextApiRequest, NextApiResponse } from 'next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { env } from '@/config/env';
import { apiNotFoundRoute } from '@/features/health/server/not-found';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '@/lib/error-codes';
import { queryRows } from '@/server/db/client';
import { logger } from '@/server/log';
import { contentGeneration } from '@/server/cache/visitor-cache';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallResult } from '@/test/http';
import { anyone, canManageOwnAccount, type Decision } from '@/core/identity/policy';
import { MAX_JSON_BYTES } from './body';
import { AppError } from './errors';
import { endpoint, json, noContent, route } from './route';

useTestDatabase();

const echo = route('/api/test', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    query: z.object({ limit: z.coerce.number().int().max(100).optional() }),
    handle: ({ query, requestId }) => json({ query, requestId }),
  }),
  POST: endpoint({
    authorize: anyone,
    apiKey: 'key',
    body: z.object({ title: z.string().min(3), votes: z.number().int() }),
    handle: ({ body }) => json({ received: body }, 201),
  }),
  DELETE: endpoint({ authorize: anyone, apiKey: 'key', handle: () => noContent() }),
});

/** Asserts the catalogue shape of SPEC.md §8 and returns the error. */
function expectCatalogueError(res: CallResult, status: number, code: ErrorCode) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = res.json;
  expect(Object.keys(body)).toEqual(['error']);
  const error = body.error!;
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.requestId).toBe(res.headers.get('x-request-id'));
  const keys = ['code', 'message', 'requestId', ...(error.fields ? ['fields'] : []), ...(error.reason ? ['reason'] : [])];
  expect(Object.keys(error).sort()).toEqual(keys.sort());
  return error;
}

describe('route(): methods', () => {
  it('answers a known method', async () => {
    const res = await callRoute(echo, { query: { limit: '5' } });
    expect(res.status).toBe(200);
    expect(res.json.query).toEqual({ limit: 5 });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('answers HEAD for a GET route, without a body', async () => {
    const res = await callRoute(echo, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('answers 204 with no body', async () => {
    const res = await callRoute(echo, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('answers any other method with 405 and an Allow header (GET adds HEAD)', async () => {
    for (const method of ['PUT', 'PATCH', 'OPTIONS']) {
      const res = await callRoute(echo, { method });
      expectCatalogueError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.get('allow')!.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'POST']);
    }
    const postOnly = route('/api/test', { POST: endpoint({ authorize: anyone, apiKey: 'key', handle: () => noContent() }) });
    const res = await callRoute(postOnly, { method: 'GET' });
    expectCatalogueError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('leaves unknown /api paths to the catch-all, which answers a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await callRoute(apiNotFoundRoute, { method, path: '/api/v1/nothing-here' });
      expectCatalogueError(res, 404, 'NOT_FOUND');
    }
  });
});

describe('route(): the visitor caches', () => {
  it('are emptied by an accepted write and left alone by a refused one', async () => {
    const before = contentGeneration();
    await callRoute(echo, { method: 'POST', body: { title: 'no' } });
    await callRoute(echo, { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: '{' });
    await callRoute(echo, { method: 'PATCH' });
    expect(contentGeneration(), 'after 422, 400 and 405').toBe(before);
    expect((await callRoute(echo, { method: 'POST', body: { title: 'Dark mode', votes: 1 } })).status).toBe(201);
    expect(contentGeneration()).toBe(before + 1);
  });
});

describe('route(): request bodies', () => {
  it('accepts a valid JSON body', async () => {
    const res = await callRoute(echo, { method: 'POST', body: { title: 'Dark mode', votes: 3 } });
    expect(res.status).toBe(201);
    expect(res.json.received).toEqual({ title: 'Dark mode', votes: 3 });
  });

  it('accepts a +json content type with parameters', async () => {
    const res = await callRoute(echo, {
      method: 'POST',
      headers: { 'content-type': 'application/merge-patch+json; charset=utf-8' },
      rawBody: JSON.stringify({ title: 'Dark mode', votes: 3 }),
    });
    expect(res.status).toBe(201);
  });

  it('refuses a body over 1 MiB declared by content-length with 413', async () => {
    const big = new Uint8Array(MAX_JSON_BYTES + 1).fill(0x20);
    const res = await callRoute(echo, { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: big });
    expectCatalogueError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a chunked body that grows over 1 MiB with 413', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_JSON_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await callRoute(echo, { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: stream });
    expectCatalogueError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const text = JSON.stringify({ title: 'Dark mode', votes: 3 });
    const padded = text + ' '.repeat(MAX_JSON_BYTES - text.length);
    const res = await callRoute(echo, { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: padded });
    expect(res.status).toBe(201);
  });

  it('refuses a body that is not JSON by content type with 415', async () => {
    const res = await callRoute(echo, { method: 'POST', headers: { 'content-type': 'text/plain' }, rawBody: '{"title":"abc","votes":1}' });
    expectCatalogueError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const res = await callRoute(echo, { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: '{"title": "abc",' });
    expectCatalogueError(res, 400, 'INVALID_JSON');
  });

  it('refuses fields that break the schema with 422, naming each', async () => {
    const res = await callRoute(echo, { method: 'POST', body: { title: 'ab', votes: 'many' } });
    const error = expectCatalogueError(res, 422, 'VALIDATION_FAILED');
    expect(Object.keys(error.fields!).sort()).toEqual(['title', 'votes']);
    for (const message of Object.values(error.fields!)) expect(message.length).toBeGreaterThan(0);
  });

  it('refuses a missing body with 422', async () => {
    const res = await callRoute(echo, { method: 'POST' });
    expect(Object.keys(expectCatalogueError(res, 422, 'VALIDATION_FAILED').fields!)).toEqual(['_']);
  });

  it('validates the query string, naming the field under query.', async () => {
    const res = await callRoute(echo, { query: { limit: '500' } });
    expect(Object.keys(expectCatalogueError(res, 422, 'VALIDATION_FAILED').fields!)).toEqual(['query.limit']);
  });

  it('passes dynamic route params in the query', async () => {
    const byNumber = route('/api/test', {
      GET: endpoint({
        authorize: anyone,
        apiKey: 'key',
        query: z.object({ number: z.coerce.number().int().positive() }),
        handle: ({ query }) => json({ number: query.number }),
      }),
    });
    expect((await callRoute(byNumber, { params: { number: '12' } })).json).toEqual({ number: 12 });
    expectCatalogueError(await callRoute(byNumber, { params: { number: 'x' } }), 422, 'VALIDATION_FAILED');
  });
});

describe('route(): errors', () => {
  const throwing = route('/api/test', {
    GET: endpoint({
      authorize: anyone,
      apiKey: 'key',
      query: z.object({ code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]) }),
      handle: ({ query }) => {
        throw new AppError(query.code);
      },
    }),
  });

  it.each(ERROR_CODES.map((code) => [code]))('maps AppError %s to its catalogue status', async (code) => {
    const res = await callRoute(throwing, { query: { code } });
    const error = expectCatalogueError(res, ERROR_CATALOGUE[code].status, code);
    expect(error.message).toBe(ERROR_CATALOGUE[code].message);
  });

  it('keeps the message and headers an AppError carries', async () => {
    const conflict = route('/api/test', {
      GET: endpoint({
        authorize: anyone,
        apiKey: 'key',
        handle: () => {
          throw new AppError('CONFLICT', 'That slug is taken.', { fields: { slug: 'Taken' }, headers: { 'x-extra': 'yes' } });
        },
      }),
    });
    const res = await callRoute(conflict);
    const error = expectCatalogueError(res, 409, 'CONFLICT');
    expect(error.message).toBe('That slug is taken.');
    expect(error.fields).toEqual({ slug: 'Taken' });
    expect(res.headers.get('x-extra')).toBe('yes');
  });

  it('turns an unexpected error into a 500 INTERNAL without internals', async () => {
    const secret = 'secret-internal-detail-7f3a';
    const failing = route('/api/test', {
      GET: endpoint({
        authorize: anyone,
        apiKey: 'key',
        handle: () => {
          throw new Error(`connection to 10.0.0.7 failed: ${secret}`);
        },
      }),
    });
    const res = await callRoute(failing);
    const error = expectCatalogueError(res, 500, 'INTERNAL');
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toContain('10.0.0.7');
    expect(res.text).not.toMatch(/route\.test|\bat |\.ts\b|stack/i);
  });
});

describe('route(): streamed replies', () => {
  const streaming = (chunks: () => AsyncIterable<string>) =>
    route('/api/test', {
      GET: endpoint({
        authorize: anyone,
        apiKey: 'key',
        handle: () => ({ status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'x-extra': 'yes' }, stream: chunks() }),
      }),
    });

  it('writes the chunks in order, as they come, with the reply headers', async () => {
    const res = await callRoute(
      streaming(async function* () {
        yield 'a,b\r\n';
        await new Promise((r) => setTimeout(r, 5));
        yield '1,2\r\n';
        yield Buffer.from('3,4\r\n') as unknown as string;
      }),
    );
    expect(res.status).toBe(200);
    expect(res.text).toBe('a,b\r\n1,2\r\n3,4\r\n');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('x-extra')).toBe('yes');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
  });

  it('answers HEAD with the headers and without reading the stream', async () => {
    let started = false;
    const res = await callRoute(
      streaming(async function* () {
        started = true;
        yield 'x';
      }),
      { method: 'HEAD' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text).toBe('');
    expect(started).toBe(false);
  });

  it('answers a failure before the first chunk in the catalogue shape, without the reply headers', async () => {
    const res = await callRoute(
      streaming(async function* () {
        throw new AppError('NOT_FOUND');
      }),
    );
    expectCatalogueError(res, 404, 'NOT_FOUND');
    expect(res.headers.get('x-extra')).toBeNull();
    const internal = await callRoute(
      streaming(async function* () {
        throw new Error('secret-stream-detail');
      }),
    );
    expectCatalogueError(internal, 500, 'INTERNAL');
    expect(internal.text).not.toContain('secret-stream-detail');
  });

  it('ends the connection on a failure after the first chunk (the client sees an incomplete body), and logs it', async () => {
    const errors = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    try {
      const failing = streaming(async function* () {
        yield 'a,b\r\n';
        throw new Error('lost the database');
      });
      await expect(callRoute(failing)).rejects.toThrow();
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.stringMatching(/stream failed/));
    } finally {
      errors.mockRestore();
    }
  });

  it('stops reading the stream when the client goes away', async () => {
    let produced = 0;
    let finished: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (finished = resolve));
    const endless = streaming(async function* () {
      try {
        for (;;) {
          produced++;
          yield 'x'.repeat(64 * 1024);
        }
      } finally {
        finished();
      }
    });
    const server = http.createServer((req, res) => {
      Object.assign(req, { query: {} });
      void endless(req as NextApiRequest, res as NextApiResponse);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
          res.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', () => undefined);
        request.setTimeout(10_000, () => reject(new Error('no first chunk')));
      });
      await stopped;
      const after = produced;
      await new Promise((r) => setTimeout(r, 50));
      expect(produced).toBe(after);
      // Back-pressure held it to what the socket buffers took, nowhere near the endless stream.
      expect(produced).toBeLessThan(1000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('route(): CSRF', () => {
  const post = (opts: Parameters<typeof callRoute>[1]) =>
    callRoute(echo, { method: 'POST', body: { title: 'Dark mode', votes: 1 }, ...opts });

  it('refuses a POST from another origin', async () => {
    expectCatalogueError(await post({ origin: 'https://evil.example' }), 403, 'FORBIDDEN');
    expectCatalogueError(await post({ headers: { referer: 'https://evil.example/page' } }), 403, 'FORBIDDEN');
  });

  it('refuses a POST the browser marks as cross-site or same-site', async () => {
    expectCatalogueError(await post({ origin: 'self', headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'FORBIDDEN');
    expectCatalogueError(await post({ headers: { 'sec-fetch-site': 'same-site' } }), 403, 'FORBIDDEN');
  });

  it('refuses a DELETE from another origin too', async () => {
    expectCatalogueError(await callRoute(echo, { method: 'DELETE', origin: 'https://evil.example' }), 403, 'FORBIDDEN');
  });

  it('accepts a POST from its own origin: the host it is served on, or PUBLIC_URL', async () => {
    expect((await post({ origin: 'self', headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(201);
    expect((await post({ origin: new URL(env().PUBLIC_URL).origin })).status).toBe(201);
  });

  it('accepts a POST with no Origin (not from a browser)', async () => {
    expect((await post({})).status).toBe(201);
  });

  it('never blocks a GET', async () => {
    const res = await callRoute(echo, { origin: 'https://evil.example', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('route(): authorization', () => {
  const guarded = (decision: Decision) =>
    route('/api/test', { GET: endpoint({ authorize: () => decision, apiKey: 'key', handle: () => json({ secret: 1 }) }) });

  it.each([
    ['unauthenticated', 401, 'UNAUTHENTICATED'],
    ['forbidden', 403, 'FORBIDDEN'],
    ['hidden', 404, 'NOT_FOUND'],
  ] as const)('maps %s to %i %s', async (decision, status, code) => {
    const res = await callRoute(guarded(decision));
    expectCatalogueError(res, status, code);
    expect(res.text).not.toContain('secret');
  });

  it('runs the handler only when allowed', async () => {
    expect((await callRoute(guarded('allow'))).json).toEqual({ secret: 1 });
  });

  it('decides before reading the body', async () => {
    const closed = route('/api/test', {
      POST: endpoint({
        authorize: (): Decision => 'forbidden',
        apiKey: 'key',
        body: z.object({ a: z.string() }),
        handle: () => noContent(),
      }),
    });
    expectCatalogueError(
      await callRoute(closed, { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: '{' }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('route(): rate limits', () => {
  it('answers 429 with Retry-After once the limit is passed, counting in the database', async () => {
    const rule = { name: 'route-test-limited', limit: 2, windowSeconds: 60 };
    const limited = route('/api/test', {
      GET: endpoint({ authorize: anyone, apiKey: 'key', rateLimit: rule, handle: () => json({ ok: true }) }),
    });

    // Each call is served by its own server: the count lives in the shared table, not in memory.
    expect((await callRoute(limited)).status).toBe(200);
    expect((await callRoute(limited)).status).toBe(200);
    const rows = await queryRows<{ key: string; count: number }>(
      sql`select key, count from rate_limits where key like ${`${rule.name}:%`}`,
    );
    expect(rows).toEqual([{ key: `${rule.name}:ip:127.0.0.1`, count: 2 }]);

    const res = await callRoute(limited);
    expectCatalogueError(res, 429, 'RATE_LIMITED');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts every write against the per-source write limit', async () => {
    const [before] = await queryRows<{ count: number }>(sql`select count from rate_limits where key = 'writes:ip:127.0.0.1'`);
    await callRoute(echo, { method: 'DELETE' });
    await callRoute(echo, { method: 'GET' });
    const [after] = await queryRows<{ count: number }>(sql`select count from rate_limits where key = 'writes:ip:127.0.0.1'`);
    expect(Number(after!.count)).toBe(Number(before?.count ?? 0) + 1);
  });

  it('counts no write its policy refuses: a refusal costs no database write', async () => {
    const rule = { name: 'route-test-refused', limit: 100, windowSeconds: 60 };
    const membersOnly = route('/api/test', {
      POST: endpoint({ authorize: canManageOwnAccount, apiKey: 'key', rateLimit: rule, handle: () => noContent() }),
    });
    const writes = sql`select coalesce(sum(count), 0)::int as n from rate_limits where key like 'writes:%' or key like ${`${rule.name}:%`}`;
    const [before] = await queryRows<{ n: number }>(writes);
    for (let i = 0; i < 3; i++) expectCatalogueError(await callRoute(membersOnly, { method: 'POST' }), 401, 'UNAUTHENTICATED');
    const [after] = await queryRows<{ n: number }>(writes);
    expect(Number(after!.n)).toBe(Number(before!.n));
  });
});
