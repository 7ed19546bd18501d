/**
 * Scratch databases on the PostgreSQL server named by CHORUS_TEST_DATABASE_URL. That URL is
 * used as the maintenance connection: its role needs CREATEDB.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function withMaintenanceClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Fails with a readable message when the test server cannot be reached or used. */
export async function checkTestServer(serverUrl: string): Promise<void> {
  try {
    await withMaintenanceClient(serverUrl, (c) => c.query('select 1'));
  } catch (err) {
    const where = new URL(serverUrl);
    where.password = '';
    throw new Error(`CHORUS_TEST_DATABASE_URL (${where.href}) is not reachable: ${(err as Error).message}`);
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates a brand-new, empty database `chorus_t_<random>` on the test server. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `chorus_t_${randomBytes(6).toString('hex')}`;
  await withMaintenanceClient(serverUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () => dropDatabase(serverUrl, name),
  };
}

/**
 * FORCE: a pool that was just ended may still have backends on their way out. A role without
 * pg_signal_backend may not end an autovacuum worker that happens to be in the database, though
 * (PostgreSQL answers 42501); the worker stops on its own, so wait briefly and try again.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withMaintenanceClient(serverUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
