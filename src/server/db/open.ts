/**
 * Opens the database for this process: the only place that knows about drivers.
 * Loaded by the server entry and by tests, never by request code.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { getDbHandle, guardTransactions, setDbHandle, type Db, type DbHandle } from './client';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle');
/** Any fixed number: serialises migrations across app instances sharing one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_240_511;

export interface OpenOptions {
  databaseUrl?: string;
  /** A directory for PGlite, or undefined for an in-memory database (tests). */
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests: a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

/** Opens the process-wide database that `db()` returns; a second call returns the same handle. */
export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  const existing = getDbHandle();
  if (existing) return existing;
  const handle = await connectDatabase(opts);
  setDbHandle(handle);
  return handle;
}

/**
 * Opens a database handle without making it the process-wide one. Tests use it for a second,
 * independent pool (concurrent migrations) or a handle they close on purpose (health check).
 */
export async function connectDatabase(opts: OpenOptions): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts);
}

export async function closeDatabase(): Promise<void> {
  const handle = getDbHandle();
  setDbHandle(undefined);
  await handle?.close();
}

async function openPglite(opts: OpenOptions): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => undefined;
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create({
      dataDir: opts.dataDir ? path.resolve(opts.dataDir) : undefined,
      loadDataDir: opts.loadDataDir,
      extensions: { pg_trgm },
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = guardTransactions(drizzle({ client, schema }) as unknown as Db);
  return {
    db,
    driver: 'pglite',
    exclusive: true,
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = guardTransactions(drizzle({ client: pool, schema }) as unknown as Db);
  return {
    db,
    driver: 'postgres',
    exclusive: false,
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
