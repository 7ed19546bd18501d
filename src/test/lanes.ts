/**
 * How Vitest divides the test files (vitest.config.ts):
 * - files that open a database, found by these names in the file itself, run each in a fresh
 *   module graph (their database handle and caches are module state) and are the only files the
 *   PostgreSQL lane of `npm test` runs (CHORUS_TEST_DATABASE_URL set); the rest do not depend on
 *   the driver and have already run on the PGlite lane. `useTestDatabase` refuses to run from a
 *   file that names none of them (a helper that opened the database for it would hide the file
 *   from the lane), so the selection cannot silently miss a file;
 * - files that replace modules, globals, timers or environment variables are isolated too;
 * - every other file shares one module graph per worker (Vitest's `isolate: false`), so the
 *   modules they import load once per worker instead of once per file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const OPENS_A_DATABASE = /\b(useTestDatabase|connectDatabase|openDatabase|testServerUrl|CHORUS_TEST_DATABASE_URL)\b/;

/** A file that changes what other files in the same module graph would see. */
const CHANGES_SHARED_STATE = new RegExp(
  [
    String.raw`\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\b`,
    String.raw`process\.env(\.\w+|\[[^\]]+\])\s*=[^=]`,
    String.raw`globalThis\.\w+\s*=[^=]`,
  ].join('|'),
);

const TEST_FILE = /\.test\.tsx?$/;

export type TestLanes = {
  /** Open a database: isolated, and run again on PostgreSQL. */
  database: string[];
  /** Change shared state: isolated. */
  isolated: string[];
  /** Everything else: one module graph per worker. */
  shared: string[];
};

/** The test files under `dirs` (relative to `root`), as paths relative to `root`, by lane. */
export function testLanes(root: string, dirs: readonly string[]): TestLanes {
  const lanes: TestLanes = { database: [], isolated: [], shared: [] };
  for (const dir of dirs) {
    for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!TEST_FILE.test(file) || file.includes('node_modules')) continue;
      const relative = path.join(dir, file);
      const text = readFileSync(path.join(root, relative), 'utf8');
      if (OPENS_A_DATABASE.test(text)) lanes.database.push(relative);
      else if (CHANGES_SHARED_STATE.test(text)) lanes.isolated.push(relative);
      else lanes.shared.push(relative);
    }
  }
  return lanes;
}
