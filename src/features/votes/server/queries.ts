/**
 * SQL for votes, merges and the subscriber copy a merge makes. Callers hold the post row lock
 * (getPostContext forUpdate, or lockPostsById) so a counter changes one writer at a time.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { visiblePostSql } from '@/server/identity/visibility';
import { trendingScoreSql } from '@/features/posts/server/trending-service';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { apiKeys, boards, companies, posts, subscriptions, users, votes } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';

/** Adds the vote unless the person already voted; true when a row was inserted. */
export async function insertVote(
  db: DbOrTx,
  vote: { postId: string; userId: string; castById?: string | null; castByKeyId?: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(votes)
    .values({ postId: vote.postId, userId: vote.userId, castById: vote.castById ?? null, castByKeyId: vote.castByKeyId ?? null })
    .onConflictDoNothing()
    .returning({ userId: votes.userId });
  return rows.length > 0;
}

/** Removes the person's vote; true when there was one. */
export async function deleteVote(db: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(votes)
    .where(and(eq(votes.postId, postId), eq(votes.userId, userId)))
    .returning({ userId: votes.userId });
  return rows.length > 0;
}

/** Moves the counter by `delta` and rewrites the trending score with it; returns the new count. */
export async function applyVoteDelta(db: DbOrTx, postId: string, delta: 1 | -1): Promise<number> {
  const next = sql`${posts.voteCount} + ${delta}`;
  const [row] = await db
    .update(posts)
    .set({ voteCount: sql`${next}`, trendingScore: trendingScoreSql(next) })
    .where(eq(posts.id, postId))
    .returning({ voteCount: posts.voteCount });
  return row!.voteCount;
}

/** Sets the counters of these posts from the votes table (after a merge or unmerge moved many rows). */
export async function recountVotes(db: DbOrTx, postIds: string[]): Promise<void> {
  const counted = sql`(select count(*)::int from ${votes} where ${votes.postId} = ${posts.id})`;
  await db
    .update(posts)
    .set({ voteCount: sql`${counted}`, trendingScore: trendingScoreSql(counted) })
    .where(inArray(posts.id, postIds));
}

/** Which of these posts (by number) the user has voted for. */
export async function votedPostNumbers(db: DbOrTx, userId: string, numbers: readonly number[]): Promise<Set<number>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ number: posts.number })
    .from(votes)
    .innerJoin(posts, eq(posts.id, votes.postId))
    .where(and(eq(votes.userId, userId), inArray(posts.number, [...numbers])));
  return new Set(rows.map((r) => r.number));
}

export interface VoterKey {
  /** created_at at microsecond precision, as text (a JS Date would lose the microseconds). */
  createdAt: string;
  userId: string;
}

const castBy = alias(users, 'cast_by');

/** The post's votes after the keyset `after`, in the voter list's order (newest first). */
const votesOfPostAfter = (postId: string, after: VoterKey | undefined) =>
  and(
    eq(votes.postId, postId),
    after ? sql`(${votes.createdAt}, ${votes.userId}) < (${after.createdAt}::timestamptz, ${after.userId}::uuid)` : undefined,
  );
const voterKeyText = sql<string>`to_char(${votes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Voters of a post, newest first, after the cursor. */
export async function listVoters(db: DbOrTx, postId: string, opts: { after?: VoterKey; limit: number }) {
  return db
    .select({
      userId: votes.userId,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      deletedAt: users.deletedAt,
      createdAt: votes.createdAt,
      createdAtKey: voterKeyText,
      castByName: castBy.displayName,
      castByKeyName: apiKeys.name,
      companyName: companies.name,
      companyMonthlyRevenueCents: companies.monthlyRevenueCents,
    })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .leftJoin(castBy, eq(castBy.id, votes.castById))
    .leftJoin(apiKeys, eq(apiKeys.id, votes.castByKeyId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(votesOfPostAfter(postId, opts.after))
    .orderBy(desc(votes.createdAt), desc(votes.userId))
    .limit(opts.limit);
}

/**
 * The same list with the voters' email addresses and who cast each vote, for the team's CSV
 * download only (the caller has checked canModerate): a batch at a time, in the same order.
 */
export async function listVotersForExport(db: DbOrTx, postId: string, opts: { after?: VoterKey; limit: number }) {
  return db
    .select({
      userId: votes.userId,
      displayName: users.displayName,
      email: users.email,
      deletedAt: users.deletedAt,
      createdAt: votes.createdAt,
      createdAtKey: voterKeyText,
      castById: castBy.id,
      castByName: castBy.displayName,
      castByDeletedAt: castBy.deletedAt,
      castByKeyName: apiKeys.name,
      companyName: companies.name,
      companyMonthlyRevenueCents: companies.monthlyRevenueCents,
    })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .leftJoin(castBy, eq(castBy.id, votes.castById))
    .leftJoin(apiKeys, eq(apiKeys.id, votes.castByKeyId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(votesOfPostAfter(postId, opts.after))
    .orderBy(desc(votes.createdAt), desc(votes.userId))
    .limit(opts.limit);
}

/** Locks these posts' rows in one order (by id), so two merges or a merge and a vote cannot deadlock. */
export async function lockPostsById(db: DbOrTx, ids: string[]): Promise<void> {
  await db.select({ id: posts.id }).from(posts).where(inArray(posts.id, ids)).orderBy(posts.id).for('update');
}

export async function getPostIdentity(db: DbOrTx, number: number) {
  const [row] = await db
    .select({ id: posts.id, mergedIntoId: posts.mergedIntoId })
    .from(posts)
    .where(and(eq(posts.number, number), isNull(posts.deletedAt)))
    .limit(1);
  return row;
}

/** The number of the post with this id, whatever its state: for the audit record (admins) only, never for an answer. */
export async function getPostNumberForAudit(db: DbOrTx, id: string): Promise<number | null> {
  const [row] = await db.select({ number: posts.number }).from(posts).where(eq(posts.id, id)).limit(1);
  return row?.number ?? null;
}

/** The post with this id as the actor may see it (undefined when hidden), for a merge's answer. */
export async function getPostSummaryById(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await db
    .select({ id: posts.id, number: posts.number, title: posts.title, voteCount: posts.voteCount, mergedIntoId: posts.mergedIntoId })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(and(eq(posts.id, id), visiblePostSql(actor)))
    .limit(1);
  return row;
}

/** True when following merged_into_id from `fromId` reaches `toId` (or `fromId` is `toId`). */
export async function mergeChainReaches(db: DbOrTx, fromId: string, toId: string): Promise<boolean> {
  const result = await queryRows<unknown>(
    sql`
    with recursive chain(id, merged_into_id, depth) as (
      select id, merged_into_id, 0 from ${posts} where id = ${fromId}
      union all
      select p.id, p.merged_into_id, c.depth + 1 from ${posts} p join chain c on p.id = c.merged_into_id where c.depth < 1000
    )
    select 1 as hit from chain where id = ${toId} limit 1`,
    db,
  );
  return result.length > 0;
}

/** Copies the duplicate's votes to the target, one per person, remembering where they came from. */
export async function copyVotesForMerge(db: DbOrTx, duplicateId: string, targetId: string): Promise<number> {
  const result = await queryRows<unknown>(
    sql`
    insert into ${votes} (post_id, user_id, cast_by_id, cast_by_key_id, merged_from_id, created_at)
    select ${targetId}, v.user_id, v.cast_by_id, v.cast_by_key_id, ${duplicateId}, v.created_at from ${votes} v where v.post_id = ${duplicateId}
    on conflict do nothing
    returning user_id`,
    db,
  );
  return result.length;
}

/** Removes from the target the votes a merge of this duplicate copied there. */
export async function deleteVotesMergedFrom(db: DbOrTx, duplicateId: string, targetId: string): Promise<number> {
  const rows = await db
    .delete(votes)
    .where(and(eq(votes.postId, targetId), eq(votes.mergedFromId, duplicateId)))
    .returning({ userId: votes.userId });
  return rows.length;
}

/** Subscribes the duplicate's subscribers to the target, keeping anyone's existing choice there. */
export async function copySubscribers(db: DbOrTx, duplicateId: string, targetId: string): Promise<void> {
  await db.execute(sql`
    insert into ${subscriptions} (user_id, post_id, subscribed)
    select s.user_id, ${targetId}, true from ${subscriptions} s where s.post_id = ${duplicateId} and s.subscribed
    on conflict do nothing`);
}

export async function setMergedInto(db: DbOrTx, postId: string, targetId: string | null): Promise<void> {
  await db
    .update(posts)
    .set({ mergedIntoId: targetId, mergedAt: targetId ? sql`now()` : null })
    .where(eq(posts.id, postId));
}
