/**
 * The embedded database's worker (pglite-worker.mjs): many node-postgres connections on one
 * PGlite session. Each connection's statements stay whole, transactions are serialised, and a
 * connection lost inside its transaction leaves nothing behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, embeddedSocketUrl } from '../open';
import type { DbHandle } from '../client';
import { testServerUrl } from '@/test/db';

const onPglite = !testServerUrl();

describe.runIf(onPglite)('the embedded database worker', () => {
  let dir: string;
  let handle: DbHandle;
  let pool: pg.Pool;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'chorus-embedded-'));
    handle = await connectDatabase({ dataDir: path.join(dir, 'data') });
    const url = embeddedSocketUrl(path.join(dir, 'data'));
    if (!url) throw new Error('the running database did not note its socket');
    pool = new pg.Pool({ connectionString: url, max: 20 });
    await pool.query('create table counter (id int primary key, n int not null)');
    await pool.query('insert into counter values (1, 0)');
  });

  afterAll(async () => {
    await pool?.end();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every connection its own result when thousands of statements arrive at once', async () => {
    const bad: number[] = [];
    await Promise.all(
      Array.from({ length: 3000 }, async (_, i) => {
        if (i % 3 === 0) {
          const r = await pool.query('select $1::int + g as x from generate_series(1, $2::int) g', [i, 50 + (i % 40)]);
          if (r.rows.length !== 50 + (i % 40) || r.rows[0].x !== i + 1) bad.push(i);
        } else if (i % 3 === 1) {
          const r = await pool.query('select $1::text as y', [`v${i}`]);
          if (r.rows[0].y !== `v${i}`) bad.push(i);
        } else {
          const r = await pool.query(`select ${i} as z`);
          if (r.rows[0].z !== i) bad.push(i);
        }
      }),
    );
    expect(bad).toEqual([]);
  });

  it('keeps a statement larger than a socket read whole', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const [a, b] = await Promise.all([pool.query('select length($1::text) as n', [big]), pool.query('select $1::int as n', [7])]);
    expect(a.rows[0].n).toBe(big.length);
    expect(b.rows[0].n).toBe(7);
  });

  it('runs one connection’s transaction at a time: no update is lost', async () => {
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query('select n from counter where id = 1');
          await client.query('update counter set n = $1 where id = 1', [rows[0].n + 1]);
          await client.query('commit');
        } finally {
          client.release();
        }
      }),
    );
    expect((await pool.query('select n from counter where id = 1')).rows[0].n).toBe(100);
  });

  it('rolls back the transaction of a connection that goes away, and serves the others', async () => {
    const client = new pg.Client({ connectionString: embeddedSocketUrl(path.join(dir, 'data')) });
    client.on('error', () => undefined); // its socket is cut below, on purpose
    await client.connect();
    await client.query('begin');
    await client.query('update counter set n = -1 where id = 1');
    const waiting = pool.query('select n from counter where id = 1');
    // Gone without commit or rollback (a killed request, a dropped socket).
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await waiting).rows[0].n).toBe(100);
    expect((await pool.query('select n from counter where id = 1')).rows[0].n).toBe(100);
  });

  it('reports SQL errors to the connection that made them and goes on', async () => {
    await expect(pool.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query('select 1/0')).rejects.toThrow(/division by zero/);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await pool.query('select 2 as n')).rows[0].n).toBe(2);
  });

  it('keeps nothing of the answers it passes on: its heap does not grow with the rows served', async () => {
    const socketDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-worker-'));
    const worker = new Worker(path.resolve('src/server/db/embedded/pglite-worker.mjs'), {
      workerData: { socketPath: path.join(socketDir, '.s.PGSQL.5432') },
    });
    const message = (type: string) =>
      new Promise<{ type: string; data?: { heapUsed: number } }>((resolve) => {
        const on = (m: { type: string; data?: { heapUsed: number } }) => {
          if (m.type !== type) return;
          worker.off('message', on);
          resolve(m);
        };
        worker.on('message', on);
        if (type !== 'ready') worker.postMessage({ type });
      });
    await message('ready');
    const own = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 4 });
    const serve = async (rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        const r = await own.query(`select g, repeat('row text ', 20) as t from generate_series(1, 2000) g`);
        expect(r.rows).toHaveLength(2000);
      }
    };
    await serve(2);
    const before = (await message('memory')).data!.heapUsed;
    await serve(25); // 50,000 rows of about 200 bytes
    const after = (await message('memory')).data!.heapUsed;
    // Parsed and kept, 50,000 rows would be tens of megabytes (PGlite's execProtocolRawSync keeps them).
    expect(after - before).toBeLessThan(4 * 1024 * 1024);
    await own.end();
    const closed = message('closed');
    worker.postMessage({ type: 'close' });
    await closed;
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
  });
});
