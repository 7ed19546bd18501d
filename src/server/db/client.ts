/**
 * The one database client, chosen once at start-up: embedded PGlite by default (data in
 * CHORUS_DATA_DIR), node-postgres when DATABASE_URL is set. Queries receive a `Db` and never
 * know which driver is behind it.
 *
 * The handle lives on globalThis because the server entry (src/server/main.ts) and the
 * Next.js bundle load this module separately, and two PGlite instances must never open the
 * same data directory.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  driver: Driver;
  /**
   * True when this process is the database's only client (embedded PGlite): an in-process cache
   * invalidated on this process's own writes is then exact. False for a server that other
   * instances share, where no cache may stand in for the database.
   */
  exclusive: boolean;
  /**
   * Runs the migrations in ./drizzle (or in `migrationsFolder`: a restore replays an older
   * backup's migrations first); safe to call from several instances at once.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Embedded PGlite only: a gzipped tarball of the data directory (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  /** Embedded PGlite only: asks its worker thread to collect garbage (src/server/idle-gc.ts). */
  collectGarbage?: () => void;
  close(): Promise<void>;
}

const KEY = Symbol.for('chorus.db');
type WithDb = typeof globalThis & { [KEY]?: DbHandle };

export function setDbHandle(handle: DbHandle | undefined): void {
  (globalThis as WithDb)[KEY] = handle;
}

export function getDbHandle(): DbHandle | undefined {
  return (globalThis as WithDb)[KEY];
}

/**
 * Marks the code running inside a `db().transaction(…)` callback. Shared through globalThis like
 * the handle, because the server entry and the Next.js bundle load this module separately.
 */
const TX_SCOPE = Symbol.for('chorus.db.transaction-scope');
type WithScope = typeof globalThis & { [TX_SCOPE]?: AsyncLocalStorage<true> };
const transactionScope = ((globalThis as WithScope)[TX_SCOPE] ??= new AsyncLocalStorage<true>());

/** Whether this code runs inside a `db().transaction(…)` callback. */
export const inTransaction = (): boolean => transactionScope.getStore() === true;

export const DB_IN_TRANSACTION_MESSAGE =
  'db() was called inside a db().transaction() callback: use the transaction handle (tx) instead. ' +
  'On embedded PGlite the call would wait for ever for the connection its own transaction holds; ' +
  'on PostgreSQL it would run outside the transaction.';

/**
 * Makes `db()` fail at once inside this database's transactions instead of hanging (PGlite has
 * one connection, which the transaction holds) or silently escaping the transaction (PostgreSQL).
 * Applied to every handle when it is opened (open.ts).
 */
export function guardTransactions(database: Db): Db {
  const transaction = database.transaction.bind(database);
  database.transaction = ((callback, config) =>
    transaction((tx) => transactionScope.run(true, () => callback(tx)), config)) as Db['transaction'];
  return database;
}

/** The open database. The server opens it before it listens; tests open their own. */
export function db(): Db {
  if (transactionScope.getStore()) throw new Error(DB_IN_TRANSACTION_MESSAGE);
  const handle = getDbHandle();
  if (!handle) throw new Error('The database is not open: openDatabase() must run at start-up.');
  return handle.db;
}

/** Liveness check for /api/health: a round trip that fails within `timeoutMs`. */
export async function pingDatabase(timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([db().execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a raw, parameterised SQL statement (in `q`, a transaction, when given) and returns its
 * rows. Both drivers answer `{ rows }`; this is the one place that relies on it.
 */
export async function queryRows<T>(query: SQL, q: Pick<DbOrTx, 'execute'> = db()): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A transaction handle; queries accept either, so services decide the transaction boundary. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
