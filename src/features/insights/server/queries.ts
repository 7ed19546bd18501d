/**
 * The insights aggregates: recomputing a range of UTC days from the source tables, and reading a
 * period from the aggregates. Every recompute replaces what it covers (delete, then insert the
 * counts), so running it again, or on two instances, converges on the same rows.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/server/db/client';
import {
  addDays,
  type InsightBoard,
  type InsightPeriod,
  type InsightRequest,
  type InsightStatus,
  TOP_BOARDS,
  TOP_REQUESTS,
} from '../schema';

/** The instants that bound days `from`..`to` (UTC, both included). */
function bounds(from: string, to: string): { start: string; end: string } {
  return { start: `${from}T00:00:00Z`, end: `${addDays(to, 1)}T00:00:00Z` };
}

const TEAM_ROLES = sql`('moderator', 'admin')`;
/** A post the insights count: not deleted, not rejected by moderation. */
const COUNTED_POST = (p: string) => sql.raw(`${p}.deleted_at is null and ${p}.approval <> 'rejected'`);

/** When the team first answered post `p`: its first public comment by a moderator or admin, or its first status change. */
const RESPONDED_AT = sql`least(
  (select min(c.created_at) from comments c join users u on u.id = c.author_id
    where c.post_id = p.id and not c.internal and c.deleted_at is null and c.approval <> 'rejected' and u.role in ${TEAM_ROLES}),
  (select min(s.created_at) from status_changes s where s.post_id = p.id))`;

const INSIGHT_POST_COLUMNS = sql`p.id, p.created_at, p.status_id, p.merged_into_id is not null,
  coalesce((select u.role in ${TEAM_ROLES} from users u where u.id = p.author_id), false), ${RESPONDED_AT}`;

/** A row already there is replaced: two instances recomputing one post at once (or a range refresh meanwhile) must not collide on the key. */
const UPSERT_INSIGHT_POST = sql`on conflict (post_id) do update set created_at = excluded.created_at, status_id = excluded.status_id,
  merged = excluded.merged, by_team = excluded.by_team, responded_at = excluded.responded_at`;

/** Recomputes every aggregate of days `from`..`to` (UTC): activity per board and day, votes per post and day, the posts created then. */
export async function recomputeDays(q: DbOrTx, from: string, to: string): Promise<void> {
  const { start, end } = bounds(from, to);
  await q.execute(sql`delete from insight_days where day between ${from}::date and ${to}::date`);
  await q.execute(sql`
    insert into insight_days (day, board_id, posts, votes, comments)
    select day, board_id, sum(posts)::int, sum(votes)::int, sum(comments)::int from (
      select (p.created_at at time zone 'UTC')::date as day, p.board_id, count(*) as posts, 0 as votes, 0 as comments
        from posts p
        where p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz and ${COUNTED_POST('p')}
        group by 1, 2
      union all
      select (v.created_at at time zone 'UTC')::date, p.board_id, 0, count(*), 0
        from votes v join posts p on p.id = v.post_id
        where v.created_at >= ${start}::timestamptz and v.created_at < ${end}::timestamptz and v.merged_from_id is null
          and ${COUNTED_POST('p')}
        group by 1, 2
      union all
      select (c.created_at at time zone 'UTC')::date, p.board_id, 0, 0, count(*)
        from comments c join posts p on p.id = c.post_id
        where c.created_at >= ${start}::timestamptz and c.created_at < ${end}::timestamptz
          and c.deleted_at is null and not c.internal and c.approval <> 'rejected' and ${COUNTED_POST('p')}
        group by 1, 2
    ) t
    group by day, board_id`);

  await q.execute(sql`delete from insight_post_votes where day between ${from}::date and ${to}::date`);
  await q.execute(sql`
    insert into insight_post_votes (day, post_id, votes)
    select (v.created_at at time zone 'UTC')::date, v.post_id, count(*)::int
      from votes v
      where v.created_at >= ${start}::timestamptz and v.created_at < ${end}::timestamptz
      group by 1, 2`);

  await q.execute(sql`delete from insight_posts where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`);
  await q.execute(sql`
    insert into insight_posts (post_id, created_at, status_id, merged, by_team, responded_at)
    select ${INSIGHT_POST_COLUMNS}
      from posts p
      where p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz and ${COUNTED_POST('p')} ${UPSERT_INSIGHT_POST}`);
}

/**
 * Brings one post's row up to date (its status, merge, first answer), or removes it when the post no longer counts.
 */
export async function recomputePost(q: DbOrTx, postId: string): Promise<void> {
  await q.execute(sql`delete from insight_posts where post_id = ${postId}`);
  await q.execute(sql`
    insert into insight_posts (post_id, created_at, status_id, merged, by_team, responded_at)
    select ${INSIGHT_POST_COLUMNS} from posts p where p.id = ${postId} and ${COUNTED_POST('p')} ${UPSERT_INSIGHT_POST}`);
}

/** Removes aggregates of days before `day` (nothing is left there once the oldest post is gone). */
export async function dropDaysBefore(q: DbOrTx, day: string): Promise<void> {
  await q.execute(sql`delete from insight_days where day < ${day}::date`);
  await q.execute(sql`delete from insight_post_votes where day < ${day}::date`);
  await q.execute(sql`delete from insight_posts where created_at < ${`${day}T00:00:00Z`}::timestamptz`);
}

/** The UTC day of the oldest post, or null in a workspace without posts. */
export async function oldestPostDay(q: DbOrTx): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(sql`select (min(created_at) at time zone 'UTC')::date::text as day from posts`, q);
  return row?.day ?? null;
}

export async function markRefreshed(q: DbOrTx, what: 'full' | 'recent' | 'changed'): Promise<void> {
  // clock_timestamp(), not now(): two changes in one transaction still differ.
  if (what === 'changed') {
    await q.execute(sql`insert into insight_refresh (id, changed_at) values (1, clock_timestamp())
      on conflict (id) do update set changed_at = clock_timestamp()`);
    return;
  }
  const column = sql.raw(what === 'full' ? 'full_at' : 'recent_at');
  await q.execute(sql`insert into insight_refresh (id, ${column}, changed_at) values (1, now(), clock_timestamp())
    on conflict (id) do update set ${column} = now(), changed_at = clock_timestamp()`);
}

export async function readRefreshed(q: DbOrTx): Promise<{ fullAt: Date | null; recentAt: Date | null; changed: string }> {
  const [row] = await queryRows<{ full_at: string | Date | null; recent_at: string | Date | null; changed: string | null }>(
    sql`select full_at, recent_at, changed_at::text as changed from insight_refresh where id = 1`,
    q,
  );
  const date = (v: string | Date | null | undefined) => (v == null ? null : new Date(v));
  return { fullAt: date(row?.full_at), recentAt: date(row?.recent_at), changed: row?.changed ?? '' };
}

/** Activity per day of the period (days without activity are absent). */
export async function readDays(q: DbOrTx, p: InsightPeriod) {
  return queryRows<{ day: string; posts: number; votes: number; comments: number }>(
    sql`select day::text as day, sum(posts)::int as posts, sum(votes)::int as votes, sum(comments)::int as comments
      from insight_days where day between ${p.from}::date and ${p.to}::date group by day order by day`,
    q,
  );
}

export async function readBoards(q: DbOrTx, p: InsightPeriod): Promise<InsightBoard[]> {
  return queryRows<InsightBoard>(
    sql`select b.slug, b.name, sum(d.posts)::int as posts, sum(d.votes)::int as votes, sum(d.comments)::int as comments
      from insight_days d join boards b on b.id = d.board_id
      where d.day between ${p.from}::date and ${p.to}::date
      group by b.id, b.slug, b.name
      having sum(d.posts + d.votes + d.comments) > 0
      order by sum(d.posts + d.votes + d.comments) desc, b.name
      limit ${TOP_BOARDS}`,
    q,
  );
}

export async function readStatuses(q: DbOrTx, p: InsightPeriod): Promise<InsightStatus[]> {
  const { start, end } = bounds(p.from, p.to);
  return queryRows<InsightStatus>(
    sql`select s.name, s.color, count(*)::int as count
      from insight_posts ip left join statuses s on s.id = ip.status_id
      where ip.created_at >= ${start}::timestamptz and ip.created_at < ${end}::timestamptz and not ip.merged
      group by s.id, s.name, s.color, s.position
      order by s.position nulls last, s.name`,
    q,
  );
}

export async function readFirstResponse(q: DbOrTx, p: InsightPeriod) {
  const { start, end } = bounds(p.from, p.to);
  const [row] = await queryRows<{ median: number | string | null; answered: number; total: number }>(
    sql`select percentile_cont(0.5) within group (order by extract(epoch from responded_at - created_at))
          filter (where responded_at is not null) as median,
        count(responded_at)::int as answered, count(*)::int as total
      from insight_posts
      where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz and not by_team`,
    q,
  );
  const median = row?.median == null ? null : Math.round(Number(row.median));
  return { medianSeconds: median, answered: row?.answered ?? 0, unanswered: (row?.total ?? 0) - (row?.answered ?? 0) };
}

/** How many of the most gaining posts are read before deleted and merged ones are left out. */
const TOP_CANDIDATES = 200;

export async function readTopRequests(q: DbOrTx, p: InsightPeriod, candidates = TOP_CANDIDATES): Promise<InsightRequest[]> {
  // One pass over the period's rows: the candidates, how many there were, and the ten that count.
  const found = await queryRows<InsightRequest & { candidates: number }>(
    sql`with gained as (
        select post_id, sum(votes)::int as gained from insight_post_votes
        where day between ${p.from}::date and ${p.to}::date
        group by post_id order by gained desc limit ${candidates}),
      top as (
        select p.number, p.title, b.name as board, g.gained as "votesGained", p.vote_count as "voteCount"
        from gained g join posts p on p.id = g.post_id join boards b on b.id = p.board_id
        where ${COUNTED_POST('p')} and p.merged_into_id is null
        order by g.gained desc, p.number
        limit ${TOP_REQUESTS})
      select (select count(*)::int from gained) as candidates, top.* from (select 1) one left join top on true
      order by top."votesGained" desc nulls last, top.number`,
    q,
  );
  const top = found.filter((r) => r.number !== null).map(({ candidates: _n, ...r }) => r);
  // The candidates were mostly deleted or merged posts: look further (rare, so the usual read stays small).
  if (top.length < TOP_REQUESTS && (found[0]?.candidates ?? 0) >= candidates) return readTopRequests(q, p, candidates * 10);
  return top;
}
