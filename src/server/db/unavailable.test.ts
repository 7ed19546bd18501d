import net from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { queryRows } from './client';
import { isDatabaseUnavailable } from './unavailable';

useTestDatabase();

/** A TCP server that takes connections and never says a word (a database that hangs). */
let silent: net.Server;
const held: net.Socket[] = [];
let silentPort = 0;
beforeAll(async () => {
  silent = net.createServer((s) => held.push(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(() => {
  for (const s of held) s.destroy();
  silent.close();
});

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

describe('telling an unreachable or overloaded database from a fault', () => {
  it('a refused connection is unavailable', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x' });
    expect(isDatabaseUnavailable(await failure(client.connect()))).toBe(true);
  });

  it('a server that does not answer in time is unavailable', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: silentPort, user: 'x', database: 'x', connectionTimeoutMillis: 100 });
    expect(isDatabaseUnavailable(await failure(client.connect()))).toBe(true);
  });

  it('no pool connection free in time is unavailable, also wrapped as a query error', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: silentPort, user: 'x', database: 'x', max: 1, connectionTimeoutMillis: 150 });
    pool.on('error', () => undefined);
    const first = failure(pool.query('select 1'));
    const second = await failure(pool.query('select 1'));
    expect(isDatabaseUnavailable(second)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: second }))).toBe(true);
    await first;
    await pool.end();
  });

  it('an error of the statement itself is not', async () => {
    const err = await failure(queryRows(sql`select * from no_such_table`));
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
