/**
 * The crash proof's checks, run through a direct database connection (`db()` after
 * `openDatabase()`): every acknowledged write is there, nothing is half-applied, and every
 * denormalised counter equals a recount. The invariants hold for any Chorus database, whatever
 * wrote it; the write checks compare it with the ledger of what the load sent.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/server/db/client';
import type { Ledger } from './ledger';

export interface Violation {
  check: string;
  count: number;
  /** A few offending rows, to start the investigation. */
  samples: unknown[];
}

export interface CheckReport {
  /** Acknowledged writes that are not in the database (or not as answered). */
  lost: Violation[];
  /** Rows that break an invariant: half-applied writes and counters that disagree with a recount. */
  broken: Violation[];
  /** How many writes of unknown outcome were applied (they may or may not be). */
  unknownApplied: Record<'post' | 'comment' | 'status' | 'vote', { applied: number; of: number }>;
  ackedChecked: number;
  ms: number;
}

/**
 * Each invariant is a query that returns the rows breaking it (empty: it holds). They cover every
 * counter that posts keep for other tables and every row a write puts beside its main one.
 */
export const INVARIANTS: { check: string; query: SQL }[] = [
  {
    check: 'posts.vote_count = count(votes)',
    query: sql`select p.number, p.vote_count, (select count(*)::int from votes v where v.post_id = p.id) as counted
      from posts p where p.vote_count <> (select count(*) from votes v where v.post_id = p.id)`,
  },
  {
    check: 'posts.comment_count = count(public live comments)',
    query: sql`select p.number, p.comment_count, c.counted from posts p
      cross join lateral (select count(*)::int as counted from comments c
        where c.post_id = p.id and c.deleted_at is null and not c.internal and c.approval = 'approved') c
      where p.comment_count <> c.counted`,
  },
  {
    check: 'triage_counts = count(live posts) per facet key',
    query: sql`select tag_id, board_id, status_id, approval, responded, owner_id, sum(kept)::int as kept, sum(counted)::int as counted
      from (
        select tag_id, board_id, status_id, approval, responded, owner_id, posts as kept, 0 as counted from triage_counts
        union all
        select null::uuid, board_id, status_id, approval, team_responded_at is not null, owner_id, 0, 1 from posts
          where deleted_at is null and merged_into_id is null
        union all
        select pt.tag_id, p.board_id, p.status_id, p.approval, p.team_responded_at is not null, p.owner_id, 0, 1
          from post_tags pt join posts p on p.id = pt.post_id where p.deleted_at is null and p.merged_into_id is null
      ) x group by 1, 2, 3, 4, 5, 6 having sum(kept) <> sum(counted)`,
  },
  {
    check: "a post's author is subscribed to it",
    query: sql`select p.number, p.author_id from posts p
      where p.author_id is not null and not exists (select 1 from subscriptions s where s.post_id = p.id and s.user_id = p.author_id)`,
  },
  {
    check: 'a voter is subscribed to the post',
    query: sql`select v.post_id, v.user_id from votes v
      where not exists (select 1 from subscriptions s where s.post_id = v.post_id and s.user_id = v.user_id)`,
  },
  {
    check: "a comment's author is subscribed to the post",
    query: sql`select c.id, c.author_id from comments c
      where c.author_id is not null and not exists (select 1 from subscriptions s where s.post_id = c.post_id and s.user_id = c.author_id)`,
  },
  {
    check: "a post's status is its last history entry's (none without history)",
    query: sql`select p.number, p.status_id, p.status_changed_at, h.to_status_id as last_to from posts p
      left join lateral (select sc.to_status_id from status_changes sc where sc.post_id = p.id order by sc.id desc limit 1) h on true
      left join lateral (select count(*)::int as n from status_changes sc where sc.post_id = p.id) c on true
      where (c.n = 0 and (p.status_id is not null or p.status_changed_at is not null))
         or (c.n > 0 and (p.status_id is distinct from h.to_status_id or p.status_changed_at is null))`,
  },
  {
    check: 'each history entry starts where the previous one ended',
    query: sql`select * from (
        select sc.id, sc.post_id, sc.from_status_id,
          lag(sc.to_status_id) over (partition by sc.post_id order by sc.id) as previous_to,
          row_number() over (partition by sc.post_id order by sc.id) as n
        from status_changes sc) h
      where (h.n = 1 and h.from_status_id is not null) or (h.n > 1 and h.from_status_id is distinct from h.previous_to)`,
  },
  {
    check: 'each status change has its audit event',
    query: sql`select p.number, h.n as changes, coalesce(a.n, 0) as audited from posts p
      join (select post_id, count(*)::int as n from status_changes group by post_id) h on h.post_id = p.id
      left join (select target_id, count(*)::int as n from audit_events where action = 'post.status_changed' group by target_id) a
        on a.target_id = p.number::text
      where h.n <> coalesce(a.n, 0)`,
  },
];

export async function checkInvariants(): Promise<Violation[]> {
  const broken: Violation[] = [];
  for (const { check, query } of INVARIANTS) {
    const found = await queryRows<unknown>(query);
    if (found.length > 0) broken.push({ check, count: found.length, samples: found.slice(0, 5) });
  }
  return broken;
}

interface PostRow {
  number: number;
  title: string;
  author_id: string | null;
  board_slug: string;
}
interface CommentRow {
  id: string | number;
  number: number;
  author_id: string | null;
  body: string;
  internal: boolean;
  deleted: boolean;
}
interface ChangeRow {
  id: string | number;
  number: number;
  to_status_id: string | null;
  note: string;
}
interface VoteRow {
  number: number;
  user_id: string;
}

/** Compares the database with the ledger, then checks the invariants. */
export async function checkAgainstLedger(ledger: Ledger, runTag: string): Promise<CheckReport> {
  const started = performance.now();
  const like = `%${runTag}%`;
  const postRows = await queryRows<PostRow>(sql`select p.number, p.title, p.author_id, b.slug as board_slug
    from posts p join boards b on b.id = p.board_id where p.title like ${like} and p.deleted_at is null`);
  const commentRows =
    await queryRows<CommentRow>(sql`select c.id, p.number, c.author_id, c.body, c.internal, c.deleted_at is not null as deleted
    from comments c join posts p on p.id = c.post_id where c.body like ${like}`);
  const changeRows = await queryRows<ChangeRow>(sql`select sc.id, p.number, sc.to_status_id, sc.note
    from status_changes sc join posts p on p.id = sc.post_id where sc.note like ${like}`);
  const voteRows = await queryRows<VoteRow>(sql`select p.number, v.user_id from votes v join posts p on p.id = v.post_id
    where p.title like ${like}`);

  const postsByTitle = new Map(postRows.map((r) => [r.title, r]));
  const commentsByBody = new Map(commentRows.map((r) => [r.body, r]));
  const changesByNote = new Map(changeRows.map((r) => [r.note, r]));
  const votesPresent = new Set(voteRows.map((r) => `${r.user_id}#${r.number}`));

  const lost = new Map<string, unknown[]>();
  const lose = (check: string, sample: unknown) => lost.set(check, [...(lost.get(check) ?? []), sample]);
  const unknownApplied = {
    post: { applied: 0, of: 0 },
    comment: { applied: 0, of: 0 },
    status: { applied: 0, of: 0 },
    vote: { applied: 0, of: 0 },
  };
  let ackedChecked = 0;

  for (const w of ledger.writes) {
    if (w.kind === 'vote') continue;
    if (w.outcome === 'refused') continue;
    const acked = w.outcome === 'acked';
    if (acked) ackedChecked++;
    if (w.kind === 'post') {
      const row = postsByTitle.get(w.marker);
      if (!acked) {
        unknownApplied.post.of++;
        if (row) unknownApplied.post.applied++;
      } else if (!row || row.number !== w.number || row.author_id !== w.userId || row.board_slug !== w.boardSlug) {
        lose('acknowledged post present as answered', { write: w, row: row ?? null });
      }
    } else if (w.kind === 'comment') {
      const row = commentsByBody.get(w.marker);
      if (!acked) {
        unknownApplied.comment.of++;
        if (row) unknownApplied.comment.applied++;
      } else if (
        !row ||
        Number(row.id) !== w.id ||
        row.number !== w.postNumber ||
        row.author_id !== w.userId ||
        row.internal !== w.internal ||
        row.deleted
      ) {
        lose('acknowledged comment present as answered', { write: w, row: row ?? null });
      }
    } else {
      const row = changesByNote.get(w.marker);
      if (!acked) {
        unknownApplied.status.of++;
        if (row) unknownApplied.status.applied++;
      } else if (!row || Number(row.id) !== w.changeId || row.number !== w.postNumber || row.to_status_id !== w.statusId) {
        lose('acknowledged status change present as answered', { write: w, row: row ?? null });
      }
    }
  }

  for (const pair of ledger.votePairs()) {
    const present = votesPresent.has(`${pair.userId}#${pair.postNumber}`);
    if (pair.acked) ackedChecked++;
    if (pair.allowed.size > 1) {
      unknownApplied.vote.of++;
      if (present) unknownApplied.vote.applied++;
    } else if (!pair.allowed.has(present)) {
      lose('vote state as last acknowledged', { userId: pair.userId, postNumber: pair.postNumber, present, allowed: [...pair.allowed] });
    }
  }

  const broken = await checkInvariants();
  return {
    lost: [...lost].map(([check, samples]) => ({ check, count: samples.length, samples: samples.slice(0, 5) })),
    broken,
    unknownApplied,
    ackedChecked,
    ms: Math.round(performance.now() - started),
  };
}
