/**
 * The triage list at scale (issue 11): seeds `--posts` demo posts (default: 10,000 and then
 * 100,000, each into a fresh PGlite data dir, or the `--database-url` database once), opens it in
 * this process and times GET /api/v1/triage's work (one page of 30 with every facet's live counts,
 * `getTriagePage`) for the views the team uses, `--runs` times each (default 30) after a warm-up,
 * one at a time: p50/p95/max. No server, so the figure is the database work and the page's
 * assembly, not HTTP.
 *
 *   node --import tsx bench/triage.ts [--posts 10000,100000] [--runs 30] [--database-url postgres://…] [--data-dir <dir>]
 *
 * `--data-dir` uses (and keeps) a PGlite data dir instead of a temporary one, seeding it only if
 * it is empty; like `--database-url`, it measures the first size only.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { getTriagePage } from '@/features/posts/server/triage-list-service';
import { triageQuery } from '@/features/posts/triage-schema';
import { db, queryRows } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import type { Actor } from '@/server/identity/actor';
import { seedDemoData } from './lib/seed';
import { argValue, environmentInfo, formatLoad, loadAvg, removeTempDataDir, round, table, tempDataDir, writeResult } from './lib/server';

const SIZES = (argValue('posts') ?? '10000,100000').split(',').map(Number);
const RUNS = Number(argValue('runs') ?? 30);
const DATABASE_URL = argValue('database-url');
const KEEP_DIR = argValue('data-dir');
const TARGET_P95_MS = 150;

function stat(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: round(at(0.5), 1), p95: round(at(0.95), 1), max: round(s.at(-1)!, 1) };
}

async function measure(posts: number) {
  const dataDir = DATABASE_URL ? undefined : (KEEP_DIR ?? tempDataDir('triage'));
  console.log(`seeding ${posts} posts…`);
  const seed = seedDemoData({ posts, dataDir, databaseUrl: DATABASE_URL });
  const handle = await openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  await handle.migrate();
  try {
    await db().execute(sql`analyze`);
    const [admin] = await queryRows<{ id: string; display_name: string }>(
      sql`select id, display_name from users where role = 'admin' order by created_at limit 1`,
    );
    const actor = { kind: 'user', id: admin!.id, role: 'admin', displayName: admin!.display_name } as unknown as Actor;
    const [{ status, tag, board }] = (await queryRows<{ status: string; tag: string | null; board: string }>(
      sql`select (select slug from statuses order by position limit 1 offset 2) as status,
                 (select id::text from tags limit 1) as tag,
                 (select slug from boards order by position limit 1) as board`,
    )) as [{ status: string; tag: string | null; board: string }];
    const views: [string, Record<string, string>][] = [
      ['all posts, newest', {}],
      ['untriaged', { show: 'untriaged' }],
      ['team has not responded', { show: 'unresponded' }],
      ['by priority', { sort: 'priority' }],
      ['by votes, one board, one status', { sort: 'votes', board, status }],
      ...(tag ? ([['one tag, trending', { tag, sort: 'trending' }]] as [string, Record<string, string>][]) : []),
      ['search "export"', { q: 'export' }],
    ];
    const rows: (string | number)[][] = [];
    const figures: Record<string, unknown> = {};
    for (const [name, raw] of views) {
      const query = triageQuery.parse(raw);
      const first = await getTriagePage(actor, query); // warm-up: plans and caches
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await getTriagePage(actor, query);
        samples.push(performance.now() - t);
      }
      const s = stat(samples);
      figures[name] = { ...s, total: first.total };
      rows.push([name, first.total, s.p50, s.p95, s.max, s.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS']);
      console.log(`  ${name}: ${first.total} posts, p50 ${s.p50} ms, p95 ${s.p95} ms`);
    }
    return { posts, seed, rows, figures };
  } finally {
    await closeDatabase();
    if (dataDir && !KEEP_DIR) removeTempDataDir(dataDir);
  }
}

async function main() {
  const loadBefore = loadAvg();
  const results = [];
  for (const posts of DATABASE_URL || KEEP_DIR ? SIZES.slice(0, 1) : SIZES) results.push(await measure(posts));
  const loadAfter = loadAvg();
  for (const r of results) {
    console.log(`\n${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${r.posts} posts: one page of 30 with every facet's counts`);
    console.log(table([['view', 'matching', 'p50 ms', 'p95 ms', 'max ms', `p95 ≤ ${TARGET_P95_MS} ms`], ...r.rows]));
  }
  console.log(`\nload average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);
  const file = writeResult(DATABASE_URL ? 'triage-postgres' : 'triage', {
    results: results.map(({ posts, figures }) => ({ posts, figures })),
    targetP95Ms: TARGET_P95_MS,
    loadBefore,
    loadAfter,
    environment: environmentInfo(),
  });
  console.log(`results: ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
