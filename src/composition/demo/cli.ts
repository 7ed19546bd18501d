/**
 * `npm run seed:demo -- [options]`: fills the database the app uses (./data PGlite, or
 * DATABASE_URL) with the demo workspace. See docs/operations.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { env, EnvError } from '@/config/env';
import { DataDirInUseError } from '@/server/db/data-dir-lock';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { DEFAULT_DEMO_POSTS, DEFAULT_DEMO_SEED, DemoAlreadySeededError, describeDemoSeed, seedDemo } from './seed';
import { completeSetupForDemo, DemoSetupError } from './setup-first';

const USAGE = `Usage: npm run seed:demo -- [options]

  --posts N              posts to create (default ${DEFAULT_DEMO_POSTS}; 10000 for benchmarks)
  --members N            members to create (default 40, or one per 8 posts when more)
  --seed TEXT            seed of the random generator: same seed, same content (default "${DEFAULT_DEMO_SEED}")
  --admin-email EMAIL    complete setup first with this admin, if setup is not done yet
                         (default CHORUS_ADMIN_EMAIL)
  --admin-password PW    the admin's password, 10 to 128 characters (default CHORUS_ADMIN_PASSWORD)
  --workspace-name NAME  the workspace name when completing setup
                         (default CHORUS_WORKSPACE_NAME, or "Chorus")
  --data-dir DIR         PGlite data directory (default CHORUS_DATA_DIR or ./data)
  --database-url URL     PostgreSQL instead of PGlite (default DATABASE_URL)
  --json                 print the summary as JSON

Setup must be done first: at /setup, or here with an admin named by the flags above or by the
variables npm start reads (CHORUS_ADMIN_EMAIL, CHORUS_ADMIN_PASSWORD, CHORUS_WORKSPACE_NAME).
With PGlite, stop the server first: one data directory must never be opened by two processes.
The demo data only adds rows; it refuses to run twice (when its boards exist).`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string' },
      members: { type: 'string' },
      seed: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'workspace-name': { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const count = (name: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new UsageError(`--${name} must be a whole number from 1 to 1000000`);
    return n;
  };
  const posts = count('posts', values.posts);
  const members = count('members', values.members);

  const config = env();
  const databaseUrl = values['database-url'] ?? config.DATABASE_URL;
  const dataDir = path.resolve(values['data-dir'] ?? config.CHORUS_DATA_DIR);
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await handle.migrate();
    const setUp = await completeSetupForDemo(values, config);
    if (setUp && !values.json) console.log(`Setup completed: workspace "${setUp.workspaceName}", admin ${setUp.email}.`);
    if (!values.json)
      console.log(`Seeding ${posts ?? DEFAULT_DEMO_POSTS} posts into ${databaseUrl ? 'PostgreSQL' : `PGlite at ${dataDir}`}…`);
    const summary = await seedDemo(handle.db, { posts, members, seed: values.seed });
    console.log(values.json ? JSON.stringify(summary) : describeDemoSeed(summary));
    return 0;
  } finally {
    await closeDatabase();
  }
}

class UsageError extends Error {}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (
      err instanceof UsageError ||
      err instanceof EnvError ||
      err instanceof DemoSetupError ||
      err instanceof DemoAlreadySeededError ||
      err instanceof DataDirInUseError
    ) {
      console.error(err.message);
      process.exit(2);
    }
    console.error('seed:demo failed:', err);
    process.exit(1);
  },
);
