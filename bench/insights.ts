/**
 * Insights at scale (issue 9): seeds `--posts 100000` demo posts into a fresh PGlite data dir
 * (or the `--database-url` database; if it is already seeded, it measures what is there), opens
 * it in this process and measures, with no server:
 *
 *  - the full refresh of the aggregates, chunk by chunk as the background job runs it (each
 *    chunk is one transaction; on PGlite it holds the one thread, so its time is the figure);
 *  - the recent refresh (yesterday and today) and the per-post refresh an event triggers;
 *  - every read of GET /api/v1/admin/insights for 30 days, 90 days and 12 months: each query,
 *    and the whole report, `--runs` times (default 30), p50/p95/max;
 *  - for comparison, the weekly counts computed live from posts, votes and comments (what the
 *    aggregates replace).
 *
 *   node --import tsx bench/insights.ts [--posts 100000] [--runs 30] [--database-url postgres://…] [--data-dir <dir>]
 *
 * `--data-dir` uses (and keeps) a PGlite data dir instead of a temporary one, seeding it only if it is empty;
 * `--skip-full` then skips the full refresh (its aggregates are already there).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays, resolvePeriod, utcDay, type InsightPeriod } from '@/features/insights/schema';
import { getInsights, insightReads, refreshFullChunk, refreshPost, refreshRecent } from '@/features/insights/server/service';
import { db, queryRows } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { seedDemoData } from './lib/seed';
import { argValue, environmentInfo, formatLoad, loadAvg, removeTempDataDir, round, table, tempDataDir, writeResult } from './lib/server';

const POSTS = Number(argValue('posts') ?? 100_000);
const RUNS = Number(argValue('runs') ?? 30);
const DATABASE_URL = argValue('database-url');
const KEEP_DIR = argValue('data-dir');
/** Skip the full refresh (a kept data dir whose aggregates are already computed). */
const SKIP_FULL = process.argv.includes('--skip-full');
const TARGETS = { queryP95Ms: 50, reportP95Ms: 150, chunkMaxMs: 2000, recentP95Ms: 200, postP95Ms: 10 };

interface Stat {
  p50: number;
  p95: number;
  max: number;
}

function stat(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: round(at(0.5), 2), p95: round(at(0.95), 2), max: round(s.at(-1)!, 2) };
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<Stat> {
  await fn(); // warm-up: plans and caches
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stat(samples);
}

const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');

async function main() {
  const dataDir = DATABASE_URL ? undefined : (KEEP_DIR ?? tempDataDir('insights'));
  console.log(`seeding ${POSTS} posts…`);
  const seedStart = performance.now();
  const seed = seedDemoData({ posts: POSTS, dataDir, databaseUrl: DATABASE_URL });
  const seeded = seed && { posts: seed.posts, votes: seed.votes, comments: seed.comments };
  console.log(`seeded in ${round((performance.now() - seedStart) / 1000, 1)} s: ${JSON.stringify(seeded)}`);
  const loadBefore = loadAvg();
  const handle = await openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  await handle.migrate();
  const results: Record<string, unknown> = {};
  try {
    await db().execute(sql`analyze`);
    const now = new Date();
    const today = utcDay(now);

    // The full refresh, chunk by chunk, each in its own transaction as the job runs it.
    const chunks: number[] = [];
    let through: string | null = today;
    const fullStart = performance.now();
    while (through && !SKIP_FULL) {
      const t = performance.now();
      const at: string = through;
      through = await db().transaction((tx) => refreshFullChunk(tx, at));
      chunks.push(performance.now() - t);
    }
    const fullMs = performance.now() - fullStart;
    await db().execute(sql`analyze`);
    const counts = await queryRows<Record<string, number>>(
      sql`select (select count(*) from insight_days)::int as days, (select count(*) from insight_post_votes)::int as post_votes,
        (select count(*) from insight_posts)::int as posts, (select count(*) from votes)::int as votes`,
    );
    const chunkStat = chunks.length ? stat(chunks) : { p50: NaN, p95: NaN, max: NaN };
    console.log(
      `full refresh: ${chunks.length} chunks, ${round(fullMs / 1000, 1)} s in all, per chunk p50 ${chunkStat.p50} ms, ` +
        `max ${chunkStat.max} ms; rows ${JSON.stringify(counts[0])}`,
    );

    const recent = await timed(Math.min(RUNS, 10), () => db().transaction((tx) => refreshRecent(tx, now)));
    const postIds = await queryRows<{ id: string }>(sql`select id from posts order by random() limit ${RUNS + 1}`);
    let i = 0;
    const perPost = await timed(RUNS, () => db().transaction((tx) => refreshPost(tx, postIds[i++ % postIds.length]!.id)));

    const rows: (string | number)[][] = [['period', 'query', 'p50 ms', 'p95 ms', 'max ms', `target p95`, '']];
    const byPeriod: Record<string, Record<string, Stat>> = {};
    for (const key of ['30d', '90d', '12m'] as const) {
      const period: InsightPeriod = resolvePeriod({ period: key }, today);
      byPeriod[key] = {};
      for (const [name, read] of Object.entries(insightReads)) {
        const s = await timed(RUNS, () => read(db(), period));
        byPeriod[key][name] = s;
        console.log(`  ${key} ${name}: p50 ${s.p50} ms, p95 ${s.p95} ms`);
        rows.push([key, name, s.p50, s.p95, s.max, `${TARGETS.queryP95Ms}`, mark(s.p95 <= TARGETS.queryP95Ms)]);
      }
      const whole = await timed(RUNS, () => getInsights({ period: key }, now));
      byPeriod[key].report = whole;
      rows.push([
        key,
        'whole report, kept until a change',
        whole.p50,
        whole.p95,
        whole.max,
        `${TARGETS.reportP95Ms}`,
        mark(whole.p95 <= TARGETS.reportP95Ms),
      ]);
    }

    // What the aggregates replace: the weekly series counted from the source tables.
    const from = addDays(today, -364);
    const live = await timed(3, () =>
      db().execute(sql`
        select date_trunc('week', created_at at time zone 'UTC') w, count(*) from posts
          where created_at >= ${`${from}T00:00:00Z`}::timestamptz and deleted_at is null group by 1
        union all
        select date_trunc('week', v.created_at at time zone 'UTC'), count(*) from votes v join posts p on p.id = v.post_id
          where v.created_at >= ${`${from}T00:00:00Z`}::timestamptz and v.merged_from_id is null and p.deleted_at is null group by 1
        union all
        select date_trunc('week', c.created_at at time zone 'UTC'), count(*) from comments c join posts p on p.id = c.post_id
          where c.created_at >= ${`${from}T00:00:00Z`}::timestamptz and c.deleted_at is null and not c.internal and p.deleted_at is null group by 1`),
    );

    console.log('');
    console.log(table(rows));
    console.log('');
    console.log(
      table([
        ['work', 'p50 ms', 'p95 ms', 'max ms', 'target', ''],
        [
          'full refresh, one chunk (2 days)',
          chunkStat.p50,
          chunkStat.p95,
          chunkStat.max,
          `max ${TARGETS.chunkMaxMs}`,
          mark(chunkStat.max <= TARGETS.chunkMaxMs),
        ],
        [
          'recent refresh (2 days)',
          recent.p50,
          recent.p95,
          recent.max,
          `p95 ${TARGETS.recentP95Ms}`,
          mark(recent.p95 <= TARGETS.recentP95Ms),
        ],
        [
          'one post after an event',
          perPost.p50,
          perPost.p95,
          perPost.max,
          `p95 ${TARGETS.postP95Ms}`,
          mark(perPost.p95 <= TARGETS.postP95Ms),
        ],
        ['weekly series counted live, 12 months (no aggregates)', live.p50, live.p95, live.max, 'for comparison', ''],
      ]),
    );
    const loadAfter = loadAvg();
    console.log(`\nload average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);
    Object.assign(results, {
      posts: POSTS,
      seed,
      rows: counts[0],
      full: { chunks: chunks.length, totalMs: round(fullMs, 1), chunk: chunkStat },
      recent,
      perPost,
      reads: byPeriod,
      liveWeekly12m: live,
      targets: TARGETS,
      loadBefore,
      loadAfter,
    });
  } finally {
    await closeDatabase();
    if (dataDir && !KEEP_DIR) removeTempDataDir(dataDir);
  }
  const file = writeResult(DATABASE_URL ? 'insights-postgres' : 'insights', { ...results, environment: environmentInfo() });
  console.log(`results: ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
