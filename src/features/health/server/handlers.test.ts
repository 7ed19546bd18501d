import { describe, expect, it } from 'vitest';
import { getDbHandle, setDbHandle, type DbHandle } from '@/server/db/client';
import { connectDatabase } from '@/server/db/open';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallResult } from '@/test/http';
import { healthRoute } from './handlers';

const database = useTestDatabase();

/** Runs `fn` while `db()` answers with `handle` instead of this file's database. */
async function withDatabase<T>(handle: DbHandle, fn: () => Promise<T>): Promise<T> {
  const own = getDbHandle();
  setDbHandle(handle);
  try {
    return await fn();
  } finally {
    setDbHandle(own);
  }
}

function expectUnavailable(res: CallResult) {
  expect(res.status).toBe(503);
  expect(res.json).toMatchObject({ status: 'unavailable', db: 'unreachable', error: { code: 'UNAVAILABLE' } });
  expect(res.json.error!.requestId).toBe(res.headers.get('x-request-id'));
}

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await callRoute(healthRoute, { path: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', db: 'ok', driver: database.driver });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 UNAVAILABLE when the database handle is closed', async () => {
    const closed = await database.connectSpare();
    await closed.close();
    const res = await withDatabase(closed, () => callRoute(healthRoute, { path: '/api/health' }));
    expectUnavailable(res);
  });

  it('answers 503 UNAVAILABLE when the PostgreSQL server cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused.
    const unreachable = await connectDatabase({ databaseUrl: 'postgres://chorus@127.0.0.1:1/chorus', poolSize: 1 });
    try {
      const res = await withDatabase(unreachable, () => callRoute(healthRoute, { path: '/api/health' }));
      expectUnavailable(res);
    } finally {
      await unreachable.close();
    }
  });

  it('answers only GET and HEAD', async () => {
    const res = await callRoute(healthRoute, { method: 'POST', path: '/api/health' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
