/**
 * Seeds the demo workspace into a benchmark's database before its server starts, with the
 * same command a person runs (`npm run seed:demo`), and returns the seeder's JSON summary.
 */
import { spawnSync } from 'node:child_process';
import { BENCH_ADMIN, ROOT } from './server';

export interface SeedSummary {
  boards: { slug: string; name: string; visibility: string; posts: number }[];
  posts: number;
  votes: number;
  comments: number;
  members: number;
  topPostNumber: number | null;
  ms: number;
}

export function seedDemoData(opts: { posts: number; dataDir?: string; databaseUrl?: string }): SeedSummary | undefined {
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|CHORUS_)/.test(k))),
    NODE_ENV: 'production',
  };
  const args = [
    'scripts/seed-demo.mjs',
    '--json',
    '--posts',
    String(opts.posts),
    '--admin-email',
    BENCH_ADMIN.email,
    '--admin-password',
    BENCH_ADMIN.password,
  ];
  if (opts.databaseUrl) args.push('--database-url', opts.databaseUrl);
  else if (opts.dataDir) args.push('--data-dir', opts.dataDir);
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
  if (r.status === 2 && /already there/.test(r.stderr)) {
    console.log(`seed: ${r.stderr.trim()} Measuring the data that is there.`);
    return undefined;
  }
  if (r.status !== 0) throw new Error(`seed:demo exited ${r.status ?? r.signal}: ${r.stderr}`);
  const line = r.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as SeedSummary;
}

/** Words that occur in the demo content (and a few that do not), for search. */
export const SEARCH_WORDS = [
  'dark',
  'export',
  'slack',
  'calendar',
  'invoice',
  'mobile',
  'login',
  'keyboard',
  'notifications',
  'sync',
  'jira',
  'reports',
  'safari',
  'slow',
  'template',
  'permissions',
  'translation',
  'backup',
  'webhooks',
  'zebra',
  'upload',
  'timeout',
  'gantt',
  'sso',
];
