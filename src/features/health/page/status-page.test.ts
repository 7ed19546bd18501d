import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, getDbHandle, setDbHandle } from '@/server/db/client';
import { jobs, workspaceSettings } from '@/server/db/schema';
import { forgetWorkspace } from '@/server/workspace';
import { useTestDatabase } from '@/test/db';
import type { ServiceStatus } from '../schema';
import { getServerSideProps } from './StatusPage.loader';

const database = useTestDatabase();

beforeAll(async () => {
  await db().update(workspaceSettings).set({ setupCompletedAt: new Date(), access: 'sign_in_required' }).where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
});

async function load(): Promise<{
  status: number;
  cache: unknown;
  props: { status: ServiceStatus; shell?: { workspace: { name: string } } };
}> {
  const req = new http.IncomingMessage(null as never);
  const res = new http.ServerResponse(req);
  const ctx = { req, res, query: {}, resolvedUrl: '/status' } as unknown as GetServerSidePropsContext;
  const result = (await getServerSideProps(ctx)) as { props: never };
  return { status: res.statusCode, cache: res.getHeader('cache-control'), props: await result.props };
}

describe('/status', () => {
  it('says the app and database work, which database it is, the job backlog and the version; visitors read it in a private workspace', async () => {
    await db()
      .insert(jobs)
      .values([
        { kind: 'test.waiting', runAt: new Date(Date.now() - 1000) },
        { kind: 'test.later', runAt: new Date(Date.now() + 3_600_000) },
        { kind: 'test.failed', attempts: 8, maxAttempts: 8 },
      ]);
    const { status, cache, props } = await load();
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(props.shell?.workspace.name).toBeTruthy();
    expect(props.status).toMatchObject({
      ok: true,
      database: { reachable: true, kind: database.driver === 'postgres' ? 'postgresql' : 'embedded' },
      jobs: { waiting: 1, failed: 1 },
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(props.status.database.latencyMs).toBeGreaterThan(0);
    // Nothing internal: no address, error text or setting.
    expect(JSON.stringify(props.status)).not.toMatch(/postgres:\/\/|127\.0\.0\.1|password|error/i);
  });

  it('answers 503 and says the database is not answering, even when the shell cannot be loaded', async () => {
    const own = getDbHandle();
    const closed = await database.connectSpare();
    await closed.close();
    forgetWorkspace();
    setDbHandle(closed);
    try {
      const { status, props } = await load();
      expect(status).toBe(503);
      expect(props.status).toMatchObject({ ok: false, database: { reachable: false, latencyMs: null }, jobs: null });
    } finally {
      setDbHandle(own);
      forgetWorkspace();
    }
  });
});
