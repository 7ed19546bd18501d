/**
 * Which test files run on the PostgreSQL lane of `npm test` (CHORUS_TEST_DATABASE_URL set): only
 * those that open a database, found by these names in the file itself. The rest do not depend on
 * the driver and have already run on the PGlite lane. `useTestDatabase` refuses to run from a file
 * that names none of them (a helper that opened the database for it would hide the file from the
 * lane), so the selection cannot silently miss a file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const OPENS_A_DATABASE = /\b(useTestDatabase|connectDatabase|openDatabase|testServerUrl|CHORUS_TEST_DATABASE_URL)\b/;

const TEST_FILE = /\.test\.tsx?$/;

/** The test files under `dirs` (relative to `root`) that open a database, as paths relative to `root`. */
export function databaseTestFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => TEST_FILE.test(file) && !file.includes('node_modules'))
      .map((file) => path.join(dir, file))
      .filter((file) => OPENS_A_DATABASE.test(readFileSync(path.join(root, file), 'utf8'))),
  );
}
