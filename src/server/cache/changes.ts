/**
 * What every copy of this directory is measured against: the committed changes this instance has
 * made or heard of, in order. A change is either **whole** (anything may have changed: a post, a
 * board, a setting) or **votes on one post** (its count and order: the vote is the one write that
 * arrives by the hundred a minute, so it clears only what shows that post's count).
 *
 * A copy records the change sequence it started from (`generation`, read before its data) and
 * what of votes it shows (`reach`):
 * - `'any'` (the default): votes on any post, e.g. a list across boards, the roadmap, the home page;
 * - `{ board }`: votes on the posts of one board (by slug), e.g. the board page and its lists;
 * - `{ post }`: votes on one post (by number), e.g. its page;
 * - `{ voter }`: which posts one person (by user id) has voted for, e.g. their votes laid over a
 *   shared render: no count, so only that person's own votes clear it;
 * - `'none'`: no vote counts at all (a board's filters, who may see what, the statuses).
 *
 * It is current while no whole change and no vote it shows has come since it started. Kept on
 * globalThis because the server entry and each Next.js route bundle load this module separately.
 */

export type VoteReach = 'any' | 'none' | { board: string } | { post: number } | { voter: string };

/** A vote cast or withdrawn, committed: the post (by number), its board (by slug) and whose vote it is (user id). */
export interface VoteChange {
  post: number;
  board: string;
  /** Absent in an announcement from an instance of an earlier version: then anyone's vote. */
  voter?: string;
}

/** What a copy carries to be judged current (sweep.ts's `Kept`). */
export interface Stamped {
  generation: number;
  reach?: VoteReach;
}

interface Changes {
  seq: number;
  wholeAt: number;
  anyVoteAt: number;
  boardVoteAt: Map<string, number>;
  postVoteAt: Map<number, number>;
  voterVoteAt: Map<string, number>;
  /** The latest vote whose voter is unknown: no copy of anyone's votes made before it is current. */
  unknownVoterAt: number;
}

/** Past this many posts or voters since the last whole change, the next vote counts as a whole change (bounds memory). */
const MAX_TRACKED = 20_000;

const KEY = Symbol.for('chorus.cache-changes');
type WithChanges = typeof globalThis & { [KEY]?: Changes };

function changes(): Changes {
  const g = globalThis as WithChanges;
  g[KEY] ??= { seq: 0, wholeAt: 0, anyVoteAt: 0, boardVoteAt: new Map(), postVoteAt: new Map(), voterVoteAt: new Map(), unknownVoterAt: 0 };
  return g[KEY];
}

/** The sequence number of the latest change: a copy records it before it reads. */
export const changeSeq = (): number => changes().seq;

/** The sequence number of the latest whole change (with diagnostics on, a response says: tests tell a cleared copy from a lapsed one). */
export const lastWholeChange = (): number => changes().wholeAt;

/** Records a whole change: no copy made before it is current any more. */
export function recordWholeChange(): void {
  const c = changes();
  c.seq += 1;
  c.wholeAt = c.seq;
  c.anyVoteAt = c.seq;
  c.unknownVoterAt = c.seq;
  c.boardVoteAt.clear();
  c.postVoteAt.clear();
  c.voterVoteAt.clear();
}

/** Records a vote on one post: copies that show its count (see the top) are no longer current. */
export function recordVoteChange(vote: VoteChange): void {
  const c = changes();
  if (c.postVoteAt.size >= MAX_TRACKED || c.voterVoteAt.size >= MAX_TRACKED) return recordWholeChange();
  c.seq += 1;
  c.anyVoteAt = c.seq;
  c.boardVoteAt.set(vote.board.toLowerCase(), c.seq);
  c.postVoteAt.set(vote.post, c.seq);
  if (vote.voter === undefined) c.unknownVoterAt = c.seq;
  else c.voterVoteAt.set(vote.voter, c.seq);
}

/** Whether a copy that started at `generation` and shows `reach` is still current. */
export function isCurrent({ generation, reach = 'any' }: Stamped): boolean {
  const c = changes();
  if (generation < c.wholeAt) return false;
  if (reach === 'none') return true;
  if (reach === 'any') return generation >= c.anyVoteAt;
  if ('board' in reach) return generation >= (c.boardVoteAt.get(reach.board.toLowerCase()) ?? 0);
  if ('voter' in reach) return generation >= Math.max(c.unknownVoterAt, c.voterVoteAt.get(reach.voter) ?? 0);
  return generation >= (c.postVoteAt.get(reach.post) ?? 0);
}
