/**
 * The crash proof's ledger: every write the load sent, with what became of it. A write is
 * `acked` when the server answered 2xx (it promised the write is durable), `refused` when it
 * answered 4xx (nothing was written), and `unknown` when no answer came (the server was killed
 * with the request in flight, or the connection was refused) or the answer was 5xx: such a write
 * may or may not have been applied, but never half.
 *
 * Pure logic, no I/O: scripts/proofs/crash.ts fills it and compares it with the database.
 */

export type Outcome = 'acked' | 'refused' | 'unknown';

export interface VoteWrite {
  kind: 'vote';
  userId: string;
  postNumber: number;
  /** PUT (true) or DELETE (false). */
  voted: boolean;
  outcome: Outcome;
}

export interface PostWrite {
  kind: 'post';
  userId: string;
  marker: string;
  boardSlug: string;
  outcome: Outcome;
  /** The number the server answered (acked only). */
  number?: number;
}

export interface CommentWrite {
  kind: 'comment';
  userId: string;
  marker: string;
  postNumber: number;
  internal: boolean;
  outcome: Outcome;
  /** The id the server answered (acked only). */
  id?: number;
}

export interface StatusWrite {
  kind: 'status';
  userId: string;
  /** The note, unique per write. */
  marker: string;
  postNumber: number;
  statusId: string;
  outcome: Outcome;
  /** The history row's id the server answered (acked only). */
  changeId?: number;
}

export type Write = VoteWrite | PostWrite | CommentWrite | StatusWrite;

/** 2xx: acked; 4xx: refused; anything else (5xx, no answer): unknown. */
export function outcomeOf(status: number | undefined): Outcome {
  if (status === undefined) return 'unknown';
  if (status >= 200 && status < 300) return 'acked';
  if (status >= 400 && status < 500) return 'refused';
  return 'unknown';
}

export const voteKey = (userId: string, postNumber: number) => `${userId}#${postNumber}`;

/**
 * The vote states (present: true) a person's vote on a post may be in now, given every toggle
 * sent for that pair in order. The last acknowledged toggle fixes the state; a toggle after it
 * whose outcome is unknown may also have been applied, so its state is allowed too. Refused
 * toggles change nothing. Before any acknowledged toggle, the pair starts without a vote.
 *
 * Callers send one pair's toggles one at a time (each person is driven by one connection), so a
 * later toggle never overtakes an earlier one.
 */
export function allowedVoteStates(toggles: readonly Pick<VoteWrite, 'voted' | 'outcome'>[]): Set<boolean> {
  let lastAcked = -1;
  toggles.forEach((t, i) => {
    if (t.outcome === 'acked') lastAcked = i;
  });
  const allowed = new Set<boolean>([lastAcked >= 0 ? toggles[lastAcked]!.voted : false]);
  for (let i = lastAcked + 1; i < toggles.length; i++) {
    if (toggles[i]!.outcome === 'unknown') allowed.add(toggles[i]!.voted);
  }
  return allowed;
}

/** Every write, in the order each was sent, grouped for the checks. */
export class Ledger {
  readonly writes: Write[] = [];
  private readonly votesByPair = new Map<string, VoteWrite[]>();

  record(write: Write): void {
    this.writes.push(write);
    if (write.kind === 'vote') {
      const key = voteKey(write.userId, write.postNumber);
      const list = this.votesByPair.get(key) ?? [];
      list.push(write);
      this.votesByPair.set(key, list);
    }
  }

  /** Each (person, post) pair that was ever toggled, with its allowed states now. */
  votePairs(): { userId: string; postNumber: number; allowed: Set<boolean>; acked: boolean }[] {
    return [...this.votesByPair.values()].map((toggles) => ({
      userId: toggles[0]!.userId,
      postNumber: toggles[0]!.postNumber,
      allowed: allowedVoteStates(toggles),
      acked: toggles.some((t) => t.outcome === 'acked'),
    }));
  }

  counts(): Record<Write['kind'], Record<Outcome, number>> {
    const zero = (): Record<Outcome, number> => ({ acked: 0, refused: 0, unknown: 0 });
    const out = { vote: zero(), post: zero(), comment: zero(), status: zero() };
    for (const w of this.writes) out[w.kind][w.outcome]++;
    return out;
  }
}
