/**
 * What the crawler-facing documents cost at scale, in-process on an in-memory PGlite (no
 * Next.js): `/b/[board]/feed.xml` (50 newest posts, each body rendered from Markdown) and
 * `/sitemap.xml` (home, boards and every listed post, up to the 50,000-URL cap), served by their
 * handlers over a local HTTP server, each built afresh and from the visitors' copy (kept while
 * nothing changes, as for the public pages). Prints the fastest and median of --runs runs (default 7),
 * the document size and URL count, and the load average; nothing fails on a figure.
 *
 *   node --import tsx bench/feeds.ts [--posts 10000] [--runs 7]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { serveBoardFeed } from '@/composition/feeds/board-feed';
import { serveSitemap } from '@/composition/feeds/sitemap';
import { db } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { boards, workspaceSettings } from '@/server/db/schema';
import { forgetWorkspace } from '@/server/workspace';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { argValue, formatLoad, loadAvg, table, writeResult } from './lib/server';

const POSTS = Number(argValue('posts') ?? 10_000);
const RUNS = Number(argValue('runs') ?? 7);
const BODY = 'Some **bold**, *em* and `code` with a [link](https://example.com/a) and <b>raw html</b>.\n\n- one\n- two\n\n'.repeat(5);

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** `fresh`: the visitors' copy is dropped before each run, so every run builds the document. */
async function measure(label: string, handler: Handler, count: (body: string) => number, fresh: boolean) {
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const times: number[] = [];
  let body = '';
  try {
    for (let i = 0; i < RUNS; i++) {
      if (fresh) bumpContentGeneration();
      const t0 = performance.now();
      const res = await fetch(url);
      body = await res.text();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  times.sort((a, b) => a - b);
  return {
    label: `${label} (${fresh ? 'built' : 'kept copy'})`,
    fastestMs: +times[0]!.toFixed(1),
    medianMs: +times[Math.floor(times.length / 2)]!.toFixed(1),
    kB: +(Buffer.byteLength(body) / 1000).toFixed(1),
    items: count(body),
  };
}

async function main() {
  const loadBefore = loadAvg();
  const handle = await openDatabase({});
  await handle.migrate();
  await db().update(workspaceSettings).set({ setupCompletedAt: new Date() }).where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
  const [board] = await db().insert(boards).values({ slug: 'ideas', name: 'Ideas' }).returning();
  const t0 = performance.now();
  await db().execute(sql`insert into posts (board_id, title, body, created_at)
    select ${board!.id}::uuid, 'Post number ' || g, ${BODY}, now() - (g || ' minutes')::interval from generate_series(1, ${POSTS}) g`);
  await db().execute(sql`analyze`);
  console.log(`seeded ${POSTS} posts in ${Math.round(performance.now() - t0)} ms`);

  const feed: Handler = (req, res) => serveBoardFeed(req, res, 'ideas');
  const entries = (b: string) => b.split('<entry>').length - 1;
  const urls = (b: string) => b.split('<url>').length - 1;
  const rows = [
    await measure('/b/ideas/feed.xml', feed, entries, true),
    await measure('/b/ideas/feed.xml', feed, entries, false),
    await measure('/sitemap.xml', serveSitemap, urls, true),
    await measure('/sitemap.xml', serveSitemap, urls, false),
  ];
  await closeDatabase();
  const loadAfter = loadAvg();
  console.log(
    table([
      ['document', 'fastest ms', 'median ms', 'kB', 'entries/URLs'],
      ...rows.map((r) => [r.label, r.fastestMs, r.medianMs, r.kB, r.items]),
    ]),
  );
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);
  writeResult('feeds', { posts: POSTS, runs: RUNS, rows, loadBefore, loadAfter });
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
