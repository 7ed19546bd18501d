/** The typed client sends what the document says and fails with the ApiError the pages read, as `api()` does. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { createApiClient, ok } from './client';

const client = createApiClient('http://chorus.test');
const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const stubFetch = (impl: (request: Request) => Promise<Response>) => {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
};
const vote = { params: { path: { number: '12' } } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the typed API client', () => {
  it('sends the call to its path, same-origin with the cookie, and answers the data', async () => {
    const fetch = stubFetch(async () => answer(200, { voted: true, voteCount: 8 }));
    expect(await ok(client.PUT('/api/v1/posts/{number}/vote', vote))).toEqual({ voted: true, voteCount: 8 });
    const request = fetch.mock.calls[0]![0];
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('http://chorus.test/api/v1/posts/12/vote');
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('accept')).toBe('application/json');
  });

  it('sends a body as JSON', async () => {
    const fetch = stubFetch(async () => answer(201, { id: 1 }));
    await ok(
      client.POST('/api/v1/posts/{number}/comments', { params: { path: { number: '12' } }, body: { body: 'Same here', internal: false } }),
    );
    const request = fetch.mock.calls[0]![0];
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ body: 'Same here', internal: false });
  });

  it('fails with the ApiError of the answer: code, reason, field errors, Retry-After', async () => {
    stubFetch(async () =>
      answer(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need another look.',
          fields: { title: 'Too short' },
          reason: 'boardArchived',
          requestId: 'r1',
        },
      }),
    );
    const failed = await ok(client.POST('/api/v1/posts', { body: { board: 'ideas', title: 'x', body: '' } })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', reason: 'boardArchived', fields: { title: 'Too short' } });

    stubFetch(async () =>
      answer(429, { error: { code: 'RATE_LIMITED', message: 'Slow down.', requestId: 'r2' } }, { 'retry-after': '30' }),
    );
    await expect(ok(client.PUT('/api/v1/posts/{number}/vote', vote))).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 });
  });

  it('fails with NETWORK when no answer came, and lets an abort through', async () => {
    stubFetch(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(ok(client.DELETE('/api/v1/posts/{number}/vote', vote))).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    stubFetch(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(ok(client.DELETE('/api/v1/posts/{number}/vote', vote))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
