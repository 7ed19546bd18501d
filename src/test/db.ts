/**
 * A real database per test file (ARCHITECTURE.md §11): a fresh in-memory PGlite by default, or,
 * when CHORUS_TEST_DATABASE_URL is set, a brand-new database on that PostgreSQL server.
 * It is installed as the process-wide handle, so the code under test reaches it through `db()`.
 */
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import type { DbHandle, Driver } from '@/server/db/client';
import { closeDatabase, connectDatabase, openDatabase, type OpenOptions } from '@/server/db/open';
import { OPENS_A_DATABASE } from './lanes';
import { createScratchDatabase, type ScratchDatabase } from './postgres';

export interface TestDatabase {
  /** The open handle; available from beforeAll on. */
  readonly handle: DbHandle;
  readonly driver: Driver;
  /** This file's database URL on PostgreSQL; undefined on PGlite. */
  readonly url: string | undefined;
  /**
   * Opens another handle of the same driver that is not the process-wide one; the caller
   * closes it. PostgreSQL: a new pool on this file's database. PGlite: a separate in-memory
   * database (an in-memory PGlite cannot be shared), migrated like this one.
   */
  connectSpare(): Promise<DbHandle>;
}

/** The PostgreSQL server the tests run on, or undefined for PGlite. */
export const testServerUrl = (): string | undefined => process.env.CHORUS_TEST_DATABASE_URL || undefined;

let template: Promise<Blob | undefined> | undefined;

/** The migrated PGlite tarball made by global-setup.ts, read once per worker. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

export interface UseTestDatabaseOptions {
  /** Run the migrations before the tests (default). False gives an empty database. */
  migrate?: boolean;
}

/** Opens this file's database before all its tests and closes (and drops) it after them. */
export function useTestDatabase({ migrate = true }: UseTestDatabaseOptions = {}): TestDatabase {
  let handle: DbHandle | undefined;
  let scratch: ScratchDatabase | undefined;

  const optionsFor = async (): Promise<OpenOptions> => {
    if (scratch) return { databaseUrl: scratch.url, poolSize: 5 };
    // The template is already migrated; an unmigrated database must start empty.
    return { loadDataDir: migrate ? await pgliteTemplate() : undefined };
  };

  // Tests write rows directly (not through the API, which empties the visitor cache): every test
  // starts with an empty cache.
  beforeEach(() => bumpContentGeneration());
  beforeAll(async () => {
    const file = expect.getState().testPath;
    if (file && !OPENS_A_DATABASE.test(readFileSync(file, 'utf8'))) {
      throw new Error(`${file} opens a database without naming useTestDatabase, so the PostgreSQL lane would skip it (src/test/lanes.ts).`);
    }
    const serverUrl = testServerUrl();
    if (serverUrl) scratch = await createScratchDatabase(serverUrl);
    handle = await openDatabase(await optionsFor());
    if (migrate) await handle.migrate();
  });

  afterAll(async () => {
    await closeDatabase();
    handle = undefined;
    await scratch?.drop();
  });

  const opened = (): DbHandle => {
    if (!handle) throw new Error('The test database is open only inside tests and hooks (useTestDatabase).');
    return handle;
  };

  return {
    get handle() {
      return opened();
    },
    get driver() {
      return opened().driver;
    },
    get url() {
      return scratch?.url;
    },
    connectSpare: async () => {
      const spare = await connectDatabase(await optionsFor());
      if (migrate && !scratch) await spare.migrate();
      return spare;
    },
  };
}
