/**
 * Opens the database for this process: the only place that knows about drivers.
 * Loaded by the server entry and by tests, never by request code.
 */
import path from 'node:path';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { getDbHandle, guardTransactions, setDbHandle, type Db, type DbHandle } from './client';
import { lockDataDir } from './data-dir-lock';

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle');
/** Any fixed number: serialises migrations across app instances sharing one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_240_511;
/** The embedded database's worker (plain JavaScript: see the file). */
const EMBEDDED_WORKER_FILE = path.resolve(process.cwd(), 'src/server/db/embedded/pglite-worker.mjs');
/** Only names the socket file (.s.PGSQL.<port>); nothing listens on a TCP port. */
export const EMBEDDED_PORT = 5432;
/** A file in the data directory naming the running server's socket directory. */
export const EMBEDDED_SOCKET_NOTE = 'chorus-socket';

/**
 * The node-postgres connection string of the embedded database a running server holds in
 * `dataDir`, or undefined when none does (`npm run backup`, benchmarks, `psql "$(…)"`).
 */
export function embeddedSocketUrl(dataDir: string): string | undefined {
  try {
    const dir = readFileSync(path.join(dataDir, EMBEDDED_SOCKET_NOTE), 'utf8').trim();
    return dir ? `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}&port=${EMBEDDED_PORT}` : undefined;
  } catch {
    return undefined;
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  /** A directory for PGlite, or undefined for an in-memory database (tests). */
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests: a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

let opening: Promise<DbHandle> | undefined;

/**
 * Opens the process-wide database that `db()` returns; a second call returns the same handle,
 * also while the first is still opening (the server starts opening before it loads the rest of
 * its code: src/server/serve.ts).
 */
export function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  const existing = getDbHandle();
  if (existing) return Promise.resolve(existing);
  opening ??= connectDatabase(opts).then(
    (handle) => {
      setDbHandle(handle);
      opening = undefined;
      return handle;
    },
    (err: unknown) => {
      opening = undefined;
      throw err;
    },
  );
  return opening;
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

/**
 * Embedded PGlite in its own worker thread (embedded/pglite-worker.mjs), reached like PostgreSQL:
 * node-postgres over a unix socket in a private temporary directory. The main thread takes the
 * data directory's lock; the worker owns the database.
 */
async function openPglite(opts: OpenOptions): Promise<DbHandle> {
  const { Worker } = await import('node:worker_threads');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => undefined;
  // A directory only this user can enter: the socket gives full access to the database.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-db-'));
  const loadDataDir = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(EMBEDDED_WORKER_FILE, {
    workerData: {
      dataDir: opts.dataDir ? path.resolve(opts.dataDir) : undefined,
      loadDataDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${EMBEDDED_PORT}`),
    },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  let closing = false;
  const cleanUp = () => {
    if (opts.dataDir) rmSync(path.join(opts.dataDir, EMBEDDED_SOCKET_NOTE), { force: true });
    rmSync(socketDir, { recursive: true, force: true });
    unlock();
  };
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: { type?: string }) => {
      if (m?.type !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded database stopped while opening (exit ${code})`)));
  });
  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    cleanUp();
    throw err;
  }
  worker.on('error', (err) => {
    console.error('The embedded database failed:', err);
  });
  worker.on('exit', (code) => {
    if (closing) return;
    // Without its database the server can only fail every request: stop, so that a supervisor
    // (or the person who ran npm start) starts it again; PGlite recovers from its WAL.
    console.error(`The embedded database stopped unexpectedly (exit ${code}); Chorus stops too.`);
    cleanUp();
    process.exit(1);
  });

  // Where other local programs (npm run backup, psql) find the running database.
  const socketNote = opts.dataDir ? path.join(opts.dataDir, EMBEDDED_SOCKET_NOTE) : undefined;
  if (socketNote) writeFileSync(socketNote, `${socketDir}\n`, { mode: 0o600 });
  // The embedded database answers one statement at a time, in this process: waiting for a
  // connection means waiting behind other work (a long transaction such as the demo seed at
  // setup), never a server that is gone, which stops this process (above). So requests queue
  // for up to a minute instead of failing after PostgreSQL's 5 s.
  const pool = await openPool(
    { host: socketDir, port: EMBEDDED_PORT, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 60_000 },
    opts.poolSize,
  );
  const request = <T>(type: string, answer: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type?: string; data?: T; error?: string }) => {
        if (m?.type !== answer) return;
        worker.off('message', onMessage);
        if (m.error) reject(new Error(m.error));
        else resolve(m.data as T);
      };
      worker.on('message', onMessage);
      worker.postMessage({ type });
    });
  return {
    db: pool.db,
    driver: 'pglite',
    exclusive: true,
    migrate: (migrationsFolder) => pool.migrate(migrationsFolder),
    dumpDataDir: async () => new Blob([await request<ArrayBuffer>('dump', 'dump')]),
    collectGarbage: () => worker.postMessage({ type: 'gc' }),
    close: async () => {
      if (closing) return;
      closing = true;
      await pool.end();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      await request<void>('close', 'closed');
      await exited;
      cleanUp();
    },
  };
}

interface Pool {
  db: Db;
  migrate(migrationsFolder?: string): Promise<void>;
  end(): Promise<void>;
}

/** A node-postgres pool with Drizzle on top, and migrations serialised by an advisory lock. */
async function openPool(config: import('pg').PoolConfig, poolSize = 10): Promise<Pool> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Loaded here, not at the top: the server starts opening the database before it loads the rest.
  const schema = await import('./schema');
  // A PostgreSQL server that does not answer in 5 s is reported unavailable (503), not waited for.
  const pool = new Pool({ connectionTimeoutMillis: 5000, ...config, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = guardTransactions(drizzle({ client: pool, schema }) as unknown as Db);
  return {
    db,
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
    end: () => pool.end(),
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const pool = await openPool({ connectionString: url }, poolSize);
  return {
    db: pool.db,
    driver: 'postgres',
    exclusive: false,
    migrate: (migrationsFolder) => pool.migrate(migrationsFolder),
    close: () => pool.end(),
  };
}
