/**
 * Property (SPEC.md §4): random sequences of vote / unvote / merge / unmerge by several people on
 * a few posts never disagree with a recount, and the vote sets follow the rules. The database is
 * compared after every step with a small model of those rules:
 * - one vote per person and post; voting twice counts once;
 * - voting is closed on a merged post, its votes stay;
 * - merge copies the duplicate's votes the target lacks (remembering their origin), refuses
 *   itself, an already merged duplicate, a cycle and a merged target;
 * - unmerge removes exactly the copies that origin left on the target, so the target is back to
 *   its votes before the merge when nobody voted there meanwhile.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { posts, users, votes } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { useTestDatabase } from '@/test/db';
import { mergePost, unmergePost } from './merge';
import { setVote } from './service';
import { insertBoard, insertPost } from '@/test/content';
import { createPlainUsers } from './test-fixtures';

useTestDatabase();

const PEOPLE = 5;
const POSTS = 3;

type Step =
  | { kind: 'vote' | 'unvote'; user: number; post: number }
  | { kind: 'merge'; post: number; into: number }
  | { kind: 'unmerge'; post: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('vote' as const), user: fc.nat(PEOPLE - 1), post: fc.nat(POSTS - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unvote' as const), user: fc.nat(PEOPLE - 1), post: fc.nat(POSTS - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('merge' as const), post: fc.nat(POSTS - 1), into: fc.nat(POSTS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unmerge' as const), post: fc.nat(POSTS - 1) }) },
);

/** The rules, in memory: per post, voter → the post a merge copied the vote from (null: cast there). */
class Model {
  votes: Map<string, string | null>[] = Array.from({ length: POSTS }, () => new Map());
  mergedInto: (number | null)[] = Array.from({ length: POSTS }, () => null);

  constructor(private readonly postIds: string[]) {}

  /** The error code the server must answer, or null after applying the step. */
  apply(step: Step, userIds: string[]): string | null {
    if (step.kind === 'vote' || step.kind === 'unvote') {
      if (this.mergedInto[step.post] !== null) return 'VOTING_CLOSED';
      const set = this.votes[step.post]!;
      const user = userIds[step.user]!;
      if (step.kind === 'vote' && !set.has(user)) set.set(user, null);
      if (step.kind === 'unvote') set.delete(user);
      return null;
    }
    if (step.kind === 'merge') {
      const { post: d, into: t } = step;
      if (d === t || this.mergedInto[d] !== null || this.reaches(t, d) || this.mergedInto[t] !== null) return 'MERGE_INVALID';
      const target = this.votes[t]!;
      for (const user of this.votes[d]!.keys()) if (!target.has(user)) target.set(user, this.postIds[d]!);
      this.mergedInto[d] = t;
      return null;
    }
    const t = this.mergedInto[step.post];
    if (t === null || t === undefined) return null;
    const target = this.votes[t]!;
    for (const [user, from] of [...target]) if (from === this.postIds[step.post]) target.delete(user);
    this.mergedInto[step.post] = null;
    return null;
  }

  private reaches(from: number, to: number): boolean {
    for (let p: number | null = from, hops = 0; p !== null && hops <= POSTS; p = this.mergedInto[p]!, hops++) if (p === to) return true;
    return false;
  }
}

let boardId: string;
let userIds: string[];
let moderator: UserActor;
const actorOf = (id: string): UserActor => ({
  kind: 'user',
  id,
  role: 'member',
  displayName: 'p',
  email: `${id}@example.test`,
  emailVerified: true,
  avatarUrl: null,
  sessionHash: 'x',
});

beforeAll(async () => {
  boardId = (await insertBoard()).id;
  userIds = await createPlainUsers(PEOPLE, 'prop');
  const [mod] = await db()
    .insert(users)
    .values({ email: `prop-mod-${Date.now()}@example.test`, displayName: 'Mod', role: 'moderator' })
    .returning();
  moderator = { ...actorOf(mod!.id), role: 'moderator' };
});

async function run(step: Step, numbers: number[]): Promise<string | null> {
  try {
    if (step.kind === 'vote' || step.kind === 'unvote')
      await setVote(actorOf(userIds[step.user]!), numbers[step.post]!, step.kind === 'vote');
    else if (step.kind === 'merge') await mergePost(moderator, numbers[step.post]!, numbers[step.into]!, '127.0.0.1');
    else await unmergePost(moderator, numbers[step.post]!, '127.0.0.1');
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

async function snapshot(postIds: string[]) {
  const rows = await db()
    .select({
      id: posts.id,
      voteCount: posts.voteCount,
      recount: sql<number>`(select count(*)::int from ${votes} where ${votes.postId} = ${posts.id})`,
    })
    .from(posts)
    .where(sql`${posts.id} in ${postIds}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const voteRows = await db()
    .select({ postId: votes.postId, userId: votes.userId, mergedFromId: votes.mergedFromId })
    .from(votes)
    .where(sql`${votes.postId} in ${postIds}`);
  return postIds.map((id) => ({
    ...byId.get(id)!,
    voters: new Map(voteRows.filter((v) => v.postId === id).map((v) => [v.userId, v.mergedFromId])),
  }));
}

describe('vote counter property', () => {
  it('random vote / unvote / merge / unmerge sequences always agree with a recount and with the rules', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 18 }), async (steps) => {
        const created = await Promise.all(Array.from({ length: POSTS }, () => insertPost(boardId)));
        const postIds = created.map((p) => p.id);
        const numbers = created.map((p) => p.number);
        const model = new Model(postIds);
        // Per merged duplicate: the target's voters just before the merge, and whether anything
        // else changed the target's votes since (a vote, another merge into it or out of it).
        const beforeMerge = new Map<number, { target: number; voters: string[]; touched: boolean }>();
        const touch = (post: number) => beforeMerge.forEach((m) => m.target === post && (m.touched = true));
        for (const step of steps) {
          const expected = model.apply(step, userIds);
          const previous = step.kind === 'merge' ? await snapshot(postIds) : undefined;
          expect(await run(step, numbers)).toBe(expected);
          const state = await snapshot(postIds);
          state.forEach((post, i) => {
            expect(post.voteCount).toBe(post.recount);
            expect(post.voters).toEqual(model.votes[i]);
          });
          if (expected !== null) continue;
          if (step.kind === 'vote' || step.kind === 'unvote') touch(step.post);
          if (step.kind === 'merge') {
            touch(step.into);
            beforeMerge.set(step.post, { target: step.into, voters: [...previous![step.into]!.voters.keys()].sort(), touched: false });
          }
          if (step.kind === 'unmerge') {
            const record = beforeMerge.get(step.post);
            beforeMerge.delete(step.post);
            if (record) touch(record.target);
            if (record && !record.touched) expect([...state[record.target]!.voters.keys()].sort()).toEqual(record.voters);
          }
        }
        // Leave nothing behind for the next run's recount.
        await db()
          .delete(posts)
          .where(sql`${posts.id} in ${postIds}`);
      }),
      { numRuns: 25 },
    );
  });

  it('the model itself: unmerge restores the target when nobody voted there meanwhile', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(PEOPLE - 1)), fc.array(fc.nat(PEOPLE - 1)), (dupVoters, targetVoters) => {
        const ids = ['p0', 'p1', 'p2'];
        const users = Array.from({ length: PEOPLE }, (_, i) => `u${i}`);
        const model = new Model(ids);
        dupVoters.forEach((u) => model.apply({ kind: 'vote', user: u, post: 0 }, users));
        targetVoters.forEach((u) => model.apply({ kind: 'vote', user: u, post: 1 }, users));
        const before = new Map(model.votes[1]);
        model.apply({ kind: 'merge', post: 0, into: 1 }, users);
        expect(new Set(model.votes[1]!.keys())).toEqual(new Set([...dupVoters, ...targetVoters].map((u) => users[u])));
        model.apply({ kind: 'unmerge', post: 0 }, users);
        expect(model.votes[1]).toEqual(before);
      }),
    );
  });
});
