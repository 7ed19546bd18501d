/**
 * The crash proof's checks find what they look for: a consistent database passes, and each kind
 * of damage (a lost acknowledged write, a half-applied one, a counter off by one) is reported
 * under its own check.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { auditEvents, comments, posts, statusChanges, subscriptions, users, votes } from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import { insertBoard, statusBySlug } from '@/test/content';
import { Ledger } from './ledger';
import { checkAgainstLedger, checkInvariants } from './verify';

useTestDatabase();

interface World {
  tag: string;
  boardSlug: string;
  userId: string;
  postId: string;
  postNumber: number;
  commentId: number;
  changeId: number;
  plannedId: string;
  ledger: Ledger;
}

/** One person's post with their vote, a comment and a status change, each written whole, and its ledger. */
async function consistentWorld(): Promise<World> {
  // Each test starts from a database without posts, so only this world's rows are judged.
  await db().execute(sql`truncate posts, audit_events cascade`);
  const tag = randomUUID().slice(0, 8);
  const board = await insertBoard();
  const [user] = await db()
    .insert(users)
    .values({ email: `v-${tag}@example.test`, displayName: 'Voter' })
    .returning();
  const marker = `Crash ${tag} post`;
  const [post] = await db()
    .insert(posts)
    .values({ boardId: board.id, authorId: user!.id, title: marker, voteCount: 1, commentCount: 1 })
    .returning();
  await db().insert(subscriptions).values({ userId: user!.id, postId: post!.id });
  await db().insert(votes).values({ postId: post!.id, userId: user!.id });
  const [comment] = await db()
    .insert(comments)
    .values({ postId: post!.id, authorId: user!.id, body: `Crash ${tag} comment` })
    .returning();
  const planned = await statusBySlug('planned');
  const [change] = await db()
    .insert(statusChanges)
    .values({ postId: post!.id, fromStatusId: null, toStatusId: planned.id, note: `Crash ${tag} status` })
    .returning();
  await db().update(posts).set({ statusId: planned.id, statusChangedAt: new Date() }).where(eq(posts.id, post!.id));
  await db()
    .insert(auditEvents)
    .values({ action: 'post.status_changed', targetType: 'post', targetId: String(post!.number) });

  const ledger = new Ledger();
  ledger.record({ kind: 'post', userId: user!.id, marker, boardSlug: board.slug, outcome: 'acked', number: post!.number });
  ledger.record({ kind: 'vote', userId: user!.id, postNumber: post!.number, voted: true, outcome: 'acked' });
  ledger.record({
    kind: 'comment',
    userId: user!.id,
    marker: `Crash ${tag} comment`,
    postNumber: post!.number,
    internal: false,
    outcome: 'acked',
    id: comment!.id,
  });
  ledger.record({
    kind: 'status',
    userId: user!.id,
    marker: `Crash ${tag} status`,
    postNumber: post!.number,
    statusId: planned.id,
    outcome: 'acked',
    changeId: change!.id,
  });
  return {
    tag,
    boardSlug: board.slug,
    userId: user!.id,
    postId: post!.id,
    postNumber: post!.number,
    commentId: comment!.id,
    changeId: change!.id,
    plannedId: planned.id,
    ledger,
  };
}

let w: World;
beforeEach(async () => {
  w = await consistentWorld();
});

const brokenChecks = async () => (await checkInvariants()).map((v) => v.check);
const lostChecks = async () => (await checkAgainstLedger(w.ledger, w.tag)).lost.map((v) => v.check);

describe('checkAgainstLedger', () => {
  it('passes a database holding every acknowledged write, whole', async () => {
    const report = await checkAgainstLedger(w.ledger, w.tag);
    expect(report.lost).toEqual([]);
    expect(report.broken).toEqual([]);
    expect(report.ackedChecked).toBe(4);
  });

  it('reports each acknowledged write that is missing', async () => {
    await db().delete(votes).where(eq(votes.postId, w.postId));
    await db().update(posts).set({ voteCount: 0 }).where(eq(posts.id, w.postId));
    expect(await lostChecks()).toEqual(['vote state as last acknowledged']);
    await db().delete(comments).where(eq(comments.id, w.commentId));
    await db().update(posts).set({ commentCount: 0 }).where(eq(posts.id, w.postId));
    expect(await lostChecks()).toContain('acknowledged comment present as answered');
    await db().execute(sql`truncate posts cascade`);
    expect(await lostChecks()).toContain('acknowledged post present as answered');
  });

  it('reports a status change that is missing, and a vote back after an acknowledged unvote', async () => {
    await db().delete(statusChanges).where(eq(statusChanges.id, w.changeId));
    expect(await lostChecks()).toEqual(['acknowledged status change present as answered']);
    w.ledger.record({ kind: 'vote', userId: w.userId, postNumber: w.postNumber, voted: false, outcome: 'acked' });
    expect(await lostChecks()).toContain('vote state as last acknowledged');
  });

  it('accepts either state for a write whose answer never came, and counts whether it was applied', async () => {
    w.ledger.record({ kind: 'vote', userId: w.userId, postNumber: w.postNumber, voted: false, outcome: 'unknown' });
    w.ledger.record({ kind: 'post', userId: w.userId, marker: `Crash ${w.tag} never`, boardSlug: w.boardSlug, outcome: 'unknown' });
    const report = await checkAgainstLedger(w.ledger, w.tag);
    expect(report.lost).toEqual([]);
    expect(report.unknownApplied.vote).toEqual({ applied: 1, of: 1 });
    expect(report.unknownApplied.post).toEqual({ applied: 0, of: 1 });
  });
});

describe('checkInvariants', () => {
  it('reports a vote counter that disagrees with a recount', async () => {
    await db().update(posts).set({ voteCount: 2 }).where(eq(posts.id, w.postId));
    expect(await brokenChecks()).toEqual(['posts.vote_count = count(votes)']);
  });

  it('reports a comment counter that disagrees with a recount of public live comments', async () => {
    await db().update(comments).set({ internal: true }).where(eq(comments.id, w.commentId));
    expect(await brokenChecks()).toEqual(['posts.comment_count = count(public live comments)']);
  });

  it('reports triage facet counts that disagree with a count of the posts', async () => {
    await db().execute(sql`alter table posts disable trigger triage_counts_post_update`);
    try {
      await db().update(posts).set({ approval: 'pending' }).where(eq(posts.id, w.postId));
    } finally {
      await db().execute(sql`alter table posts enable trigger triage_counts_post_update`);
    }
    expect(await brokenChecks()).toEqual(['triage_counts = count(live posts) per facet key']);
  });

  it('reports rows written without the subscription that goes with them', async () => {
    await db().delete(subscriptions).where(eq(subscriptions.postId, w.postId));
    expect(await brokenChecks()).toEqual([
      "a post's author is subscribed to it",
      'a voter is subscribed to the post',
      "a comment's author is subscribed to the post",
    ]);
  });

  it('reports a status without its history entry, a broken history and a missing audit event', async () => {
    const inProgress = await statusBySlug('in-progress');
    await db().update(posts).set({ statusId: inProgress.id }).where(eq(posts.id, w.postId));
    expect(await brokenChecks()).toEqual(["a post's status is its last history entry's (none without history)"]);
    await db().insert(statusChanges).values({ postId: w.postId, fromStatusId: null, toStatusId: inProgress.id });
    expect(await brokenChecks()).toEqual([
      'each history entry starts where the previous one ended',
      'each status change has its audit event',
    ]);
  });
});
