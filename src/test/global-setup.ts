/**
 * Vitest global setup, run once per `vitest run` in the main process.
 *
 * On PGlite it builds one migrated database and saves it as a data-dir tarball; each test file
 * then starts from that tarball (about 1 s) instead of creating and migrating a new PGlite
 * (about 3 s). Under CHORUS_TEST_DATABASE_URL it only checks that the server answers, so a
 * wrong URL fails once, clearly, instead of in every file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '@/server/db/open';
import { checkTestServer } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data-dir tarball, or null when the tests run on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.CHORUS_TEST_DATABASE_URL;
  if (serverUrl) {
    await checkTestServer(serverUrl);
    project.provide('pgliteTemplate', null);
    return async () => undefined;
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-test-'));
  const file = path.join(dir, 'pglite-template.tar.gz');
  const handle = await connectDatabase({});
  try {
    await handle.migrate();
    if (!handle.dumpDataDir) throw new Error('the embedded database cannot dump its data directory');
    const tarball = await handle.dumpDataDir();
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
