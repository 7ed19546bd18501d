/**
 * The triage list at scale (issue 11): seeds `--posts` demo posts (default: 10,000 and then
 * 100,000, each into a fresh PGlite data dir, or the `--database-url` database once), opens it in
 * this process and times GET /api/v1/triage's work (one page of 30 with every facet's live counts,
 * `getTriagePage`) for the views the team uses, `--runs` times each (default 30) after a warm-up
 * (every view 3 times), one at a time: p50/p95/max. No server, so the figure is the database
 * work and the page's assembly, not HTTP. The usual views sum the counts the database keeps (triage_counts); a
 * search counts them from the posts, and two tags at once their posts (marked "counted live").
 *
 * Then, alone: the facet counts of all posts kept and counted live (what the kept counts
 * replace), and what keeping them costs a write (a post's status set and set back, with the
 * triggers and without them).
 *
 *   node --import tsx bench/triage.ts [--posts 10000,100000] [--runs 30] [--database-url postgres://…] [--data-dir <dir>]
 *
 * `--data-dir` uses (and keeps) a PGlite data dir instead of a temporary one, seeding it only if
 * it is empty; like `--database-url`, it measures the first size only.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { countTriageFacets } from '@/features/posts/server/triage-facet-queries';
import { getTriagePage, triageFiltersOf } from '@/features/posts/server/triage-list-service';
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
const WARMUP_ROUNDS = 3;

function stat(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: round(at(0.5), 1), p95: round(at(0.95), 1), max: round(s.at(-1)!, 1) };
}

/** `RUNS` timings of `fn`, one at a time. */
async function timed(fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stat(samples);
}

/** Two statements, as a status change makes one: to `to`, then back to `from`. */
async function flipStatus(id: string, to: string, from: string) {
  await db().execute(sql`update posts set status_id = ${to}::uuid where id = ${id}::uuid`);
  await db().execute(sql`update posts set status_id = ${from}::uuid where id = ${id}::uuid`);
}

async function measure(posts: number) {
  const dataDir = DATABASE_URL ? undefined : (KEEP_DIR ?? tempDataDir('triage'));
  console.log(`seeding ${posts} posts…`);
  const seed = seedDemoData({ posts, dataDir, databaseUrl: DATABASE_URL });
  if (seed) console.log(`  seeded in ${round(seed.ms / 1000, 1)} s`);
  const handle = await openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  await handle.migrate();
  try {
    await db().execute(sql`analyze`);
    const [admin] = await queryRows<{ id: string; display_name: string }>(
      sql`select id, display_name from users where role = 'admin' order by created_at limit 1`,
    );
    const actor = { kind: 'user', id: admin!.id, role: 'admin', displayName: admin!.display_name } as unknown as Actor;
    const [{ status, tags, board }] = (await queryRows<{ status: string; tags: string[]; board: string }>(
      sql`select (select slug from statuses order by position limit 1 offset 2) as status,
                 array(select id::text from tags order by lower(name) limit 2) as tags,
                 (select slug from boards order by position limit 1) as board`,
    )) as [{ status: string; tags: string[]; board: string }];
    const [tag, otherTag] = tags;
    const views: [string, Record<string, string>][] = [
      ['all posts, newest', {}],
      ['untriaged', { show: 'untriaged' }],
      ['team has not responded', { show: 'unresponded' }],
      ['awaiting approval', { show: 'pending' }],
      ['by priority', { sort: 'priority' }],
      ['by votes, one board, one status', { sort: 'votes', board, status }],
      ...(tag ? ([['one tag, trending', { tag, sort: 'trending' }]] as [string, Record<string, string>][]) : []),
      ...(otherTag ? ([['two tags (their posts counted live)', { tag: `${tag},${otherTag}` }]] as [string, Record<string, string>][]) : []),
      ['search "export" (counted live)', { q: 'export' }],
    ];
    // Warm-up: every view a few times first. Right after the database opens, PGlite's WebAssembly
    // runs unoptimised until V8 has compiled its hot functions (the first view measured ran
    // several times slower than the same view a minute later); a server that has been up for a minute is past that.
    for (let i = 0; i < WARMUP_ROUNDS; i++) for (const [, raw] of views) await getTriagePage(actor, triageQuery.parse(raw));
    const rows: (string | number)[][] = [];
    const figures: Record<string, unknown> = {};
    for (const [name, raw] of views) {
      const query = triageQuery.parse(raw);
      const first = await getTriagePage(actor, query);
      const s = await timed(() => getTriagePage(actor, query));
      figures[name] = { ...s, total: first.total };
      rows.push([name, first.total, s.p50, s.p95, s.max, s.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS']);
      console.log(`  ${name}: ${first.total} posts, p50 ${s.p50} ms, p95 ${s.p95} ms`);
    }

    // What the kept counts replace: the facets of "all posts" counted from the posts, alone.
    const all = triageFiltersOf(actor, triageQuery.parse({}));
    await countTriageFacets(db(), actor, all, { live: true });
    const facets = {
      kept: await timed(() => countTriageFacets(db(), actor, all)),
      live: await timed(() => countTriageFacets(db(), actor, all, { live: true })),
    };
    console.log(`  facet counts alone: kept p95 ${facets.kept.p95} ms, counted live p95 ${facets.live.p95} ms`);

    // What they cost a write: one post's status set and set back (each change appends the post's
    // and its tags' deltas), with the triggers and without them (an even number of changes, so
    // the counts are exact again when the triggers come back).
    const [post] = await queryRows<{ id: string; status_id: string; tags: number }>(
      sql`select p.id, p.status_id, count(pt.tag_id)::int as tags from posts p join post_tags pt on pt.post_id = p.id
          where p.status_id is not null and p.deleted_at is null and p.merged_into_id is null
          group by p.id order by count(pt.tag_id) desc, p.number limit 1`,
    );
    const [other] = await queryRows<{ id: string }>(sql`select id from statuses where id <> ${post!.status_id}::uuid limit 1`);
    const flip = () => flipStatus(post!.id, other!.id, post!.status_id);
    const writes = { kept: await timed(flip) } as Record<'kept' | 'without', ReturnType<typeof stat>>;
    await db().execute(sql`alter table posts disable trigger triage_counts_post_update`);
    try {
      writes.without = await timed(flip);
    } finally {
      await db().execute(sql`alter table posts enable trigger triage_counts_post_update`);
    }
    console.log(
      `  a status set and set back (a post with ${post!.tags} tags): p95 ${writes.kept.p95} ms, without the triggers ${writes.without.p95} ms`,
    );
    return { posts, seed, rows, figures, facets, writes, postTags: post!.tags };
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
    console.log(
      table([
        ['alone', 'p50 ms', 'p95 ms', 'max ms'],
        ['facet counts of all posts, kept', r.facets.kept.p50, r.facets.kept.p95, r.facets.kept.max],
        ['facet counts of all posts, counted live', r.facets.live.p50, r.facets.live.p95, r.facets.live.max],
        [`status set and set back (${r.postTags} tags), kept counts`, r.writes.kept.p50, r.writes.kept.p95, r.writes.kept.max],
        ['status set and set back, without the triggers', r.writes.without.p50, r.writes.without.p95, r.writes.without.max],
      ]),
    );
  }
  console.log(`\nload average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);
  const file = writeResult(DATABASE_URL ? 'triage-postgres' : 'triage', {
    results: results.map(({ posts, seed, figures, facets, writes, postTags }) => ({
      posts,
      seedMs: seed?.ms,
      figures,
      facets,
      writes,
      postTags,
    })),
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
