/**
 * Insights for the team (/admin and GET /api/v1/admin/insights): figures read from aggregates that
 * background jobs keep current (job-handlers.ts). See src/features/insights/README.md.
 */
import { db, type DbOrTx } from '@/server/db/client';
import { cancelJob, enqueueJob } from '@/server/jobs/queue';
import {
  addDays,
  type InsightPeriod,
  resolvePeriod,
  utcDay,
  weekStart,
  type InsightsQuery,
  type InsightsReport,
  type InsightWeek,
} from '../schema';
import {
  dropDaysBefore,
  markRefreshed,
  oldestPostDay,
  readBoards,
  readDays,
  readFirstResponse,
  readRefreshed,
  readStatuses,
  readTopRequests,
  recomputeDays,
  recomputePost,
} from './queries';

/** Each read of the report by name (bench/insights.ts times them one by one). */
export const insightReads = {
  weeks: readDays,
  statuses: readStatuses,
  topRequests: readTopRequests,
  firstResponse: readFirstResponse,
  boards: readBoards,
} as const;

export const INSIGHT_JOBS = {
  /** A domain event's consumer: brings the post's row up to date and asks for a recent refresh. */
  event: 'insights.event',
  /** Recomputes yesterday and today. */
  recent: 'insights.recent',
  /** The periodic refresh of yesterday and today; re-enqueues itself. */
  tick: 'insights.tick',
  /** Recomputes every day back to the oldest post, a chunk of days per job. */
  full: 'insights.full',
} as const;

/** Seconds between an event and the refresh it asks for: activity in a burst is counted once. */
export const RECENT_DELAY_SECONDS = 5;
/** Seconds between periodic refreshes of yesterday and today (catches what emits no event: removed votes, deletions). */
export const TICK_SECONDS = 10 * 60;
/** Days one job of the full refresh recomputes. */
export const FULL_CHUNK_DAYS = 2;
/** The full refresh runs nightly at this UTC hour. */
export const FULL_HOUR_UTC = 3;

/**
 * Reports computed since the aggregates last changed, by period and change stamp: the stamp is
 * read from the database on every call, so a copy is exact on every instance and is dropped by
 * the first change anywhere. It spares the slowest read (top requests over a long period) to
 * everyone but the first reader after a change (bench/insights.ts).
 */
const reportCache = new Map<string, InsightsReport>();
const REPORT_CACHE_SIZE = 16;

/** Every figure of a period, as the team sees it (every board, private ones included). */
export async function getInsights(query: InsightsQuery, now = new Date()): Promise<InsightsReport> {
  const period = resolvePeriod(query, utcDay(now));
  const q = db();
  const { changed } = await readRefreshed(q);
  const key = `${period.key}|${period.from}|${period.to}|${changed}`;
  const cached = changed ? reportCache.get(key) : undefined;
  if (cached) return cached;
  const report = await computeInsights(period);
  if (changed && (await readRefreshed(q)).changed === changed) {
    if (reportCache.size >= REPORT_CACHE_SIZE) reportCache.delete(reportCache.keys().next().value!);
    reportCache.set(key, report);
  }
  return report;
}

async function computeInsights(period: InsightPeriod): Promise<InsightsReport> {
  const q = db();
  const days = await readDays(q, period);
  const statuses = await readStatuses(q, period);
  const topRequests = await readTopRequests(q, period);
  const firstResponse = await readFirstResponse(q, period);
  const boards = await readBoards(q, period);
  const { recentAt, fullAt } = await readRefreshed(q);
  const updatedAt = fullAt && recentAt ? (recentAt > fullAt ? recentAt : fullAt) : null;
  return {
    period: { ...period, timezone: 'UTC' },
    updatedAt: updatedAt?.toISOString() ?? null,
    weeks: weekSeries(period.from, period.to, days),
    statuses,
    topRequests,
    firstResponse,
    boards,
  };
}

/** Every week of the period, in order, with zeros where nothing happened. */
export function weekSeries(
  from: string,
  to: string,
  days: { day: string; posts: number; votes: number; comments: number }[],
): InsightWeek[] {
  const weeks = new Map<string, InsightWeek>();
  for (let w = weekStart(from); w <= to; w = addDays(w, 7)) weeks.set(w, { week: w, posts: 0, votes: 0, comments: 0 });
  for (const d of days) {
    const w = weeks.get(weekStart(d.day));
    if (!w) continue;
    w.posts += Number(d.posts);
    w.votes += Number(d.votes);
    w.comments += Number(d.comments);
  }
  return [...weeks.values()];
}

/** Recomputes yesterday and today. */
export async function refreshRecent(q: DbOrTx, now = new Date()): Promise<void> {
  const today = utcDay(now);
  await recomputeDays(q, addDays(today, -1), today);
  await markRefreshed(q, 'recent');
}

/** One post's status, merge and first answer, after an event about it. */
export async function refreshPost(q: DbOrTx, postId: string): Promise<void> {
  await recomputePost(q, postId);
  await markRefreshed(q, 'changed');
}

/**
 * One step of the full refresh: recomputes the chunk of days ending at `through`, and answers
 * the day the next chunk ends at, or null when the oldest post is covered (the refresh is done).
 */
export async function refreshFullChunk(q: DbOrTx, through: string): Promise<string | null> {
  const oldest = await oldestPostDay(q);
  const from = addDays(through, -(FULL_CHUNK_DAYS - 1));
  await recomputeDays(q, oldest && oldest > from ? oldest : from, through);
  if (oldest && from > oldest) {
    await markRefreshed(q, 'changed');
    return addDays(from, -1);
  }
  await dropDaysBefore(q, oldest && oldest < from ? oldest : from);
  await markRefreshed(q, 'full');
  return null;
}

/** Recomputes everything in one go (tests, the demo seed's end): every chunk of the full refresh. */
export async function refreshAll(q: DbOrTx, now = new Date()): Promise<void> {
  let through: string | null = utcDay(now);
  while (through) through = await refreshFullChunk(q, through);
  await markRefreshed(q, 'recent');
}

/** The next nightly full refresh after `now`. */
export function nextFullRefresh(now = new Date()): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), FULL_HOUR_UTC));
  return at > now ? at : new Date(at.getTime() + 86_400_000);
}

/**
 * At server start: the periodic refresh, and the nightly full refresh, or one soon when none has
 * ever finished (a new install, or a database from before insights). Keyed, so a job already
 * waiting (another instance's, or one the demo seed asked for) is kept.
 */
export async function scheduleInsights(now = new Date()): Promise<void> {
  const { fullAt } = await readRefreshed(db());
  const runAt = fullAt ? nextFullRefresh(now) : new Date(now.getTime() + 15_000);
  await enqueueJob(INSIGHT_JOBS.full, {}, { key: 'insights:full', runAt });
  await enqueueJob(INSIGHT_JOBS.tick, {}, { key: 'insights:tick', delaySeconds: TICK_SECONDS });
}

/** Asks for a full refresh now, replacing a waiting one (the demo seed, after filling the workspace). */
export async function requestFullRefresh(q?: DbOrTx): Promise<void> {
  await cancelJob('insights:full', q);
  await enqueueJob(INSIGHT_JOBS.full, {}, { key: 'insights:full', tx: q });
}
