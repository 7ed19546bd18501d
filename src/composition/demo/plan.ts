/**
 * Plans the demo rows in memory (no database): posts with their votes, comments, tags and status
 * history. Pure and deterministic for a given seed, so it is cheap to test and the writer only
 * has to insert what it is given.
 */
import { randomUUID } from 'node:crypto';
import type { DemoBoard } from './boards';
import { demoBody, demoComment, demoStatusNote, demoTitle } from './content';
import type { Rng } from './prng';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Posts are spread over the past six months. */
export const DEMO_SPAN_DAYS = 180;

export interface PlanStatus {
  id: string;
  category: string;
  position: number;
}

export interface PlanInput {
  rng: Rng;
  now: number;
  postCount: number;
  boards: { id: string; def: DemoBoard; voterIds: string[] }[];
  statuses: PlanStatus[];
  tagIds: string[];
  teamIds: string[];
}

export interface PlannedPost {
  seq: number;
  id: string;
  board_id: string;
  author_id: string;
  title: string;
  body: string;
  status_id: string | null;
  status_changed_at: string | null;
  pinned: boolean;
  activity_at: string;
  /** When the team first answered: its first status change or public comment (null: not yet). */
  team_responded_at: string | null;
  created_at: string;
}

export interface Plan {
  posts: PlannedPost[];
  postTags: { post_id: string; tag_id: string }[];
  votes: { post_id: string; user_id: string; created_at: string }[];
  comments: {
    seq: number;
    post_id: string;
    author_id: string;
    body: string;
    internal: boolean;
    created_at: string;
    deleted_at: string | null;
  }[];
  statusChanges: {
    seq: number;
    post_id: string;
    from_status_id: string | null;
    to_status_id: string;
    by_id: string;
    note: string;
    created_at: string;
  }[];
}

/** Relative weight of a post being in a status of each category; null = new, untriaged. */
const CATEGORY_WEIGHT: Record<string, number> = { open: 16, planned: 16, in_progress: 10, done: 12, closed: 8 };
const NEW_WEIGHT = 22;
/** Posts in these categories drew more votes: that is usually why the team picked them up. */
const POPULARITY_BOOST: Record<string, number> = { planned: 1.6, in_progress: 1.8, done: 1.5 };

const iso = (ms: number) => new Date(ms).toISOString();

function chooseStatus(rng: Rng, statuses: PlanStatus[], ageMs: number): PlanStatus | null {
  if (ageMs < 3 * DAY && rng.chance(0.7)) return null;
  const perCategory = new Map<string, number>();
  for (const s of statuses) perCategory.set(s.category, (perCategory.get(s.category) ?? 0) + 1);
  const options: (readonly [PlanStatus | null, number])[] = [[null, NEW_WEIGHT]];
  for (const s of statuses) options.push([s, (CATEGORY_WEIGHT[s.category] ?? 5) / perCategory.get(s.category)!]);
  return rng.weighted(options);
}

/** Earlier statuses a post plausibly went through before `target` (in position order), then `target`. */
function statusPath(rng: Rng, statuses: PlanStatus[], target: PlanStatus): PlanStatus[] {
  const earlier = statuses.filter((s) => s.position < target.position && s.category !== 'done' && s.category !== 'closed');
  const chosen = earlier.filter(() => rng.chance(target.category === 'closed' ? 0.25 : 0.5));
  return [...chosen, target];
}

/** `n` increasing instants between `from` and `to`. */
function instants(rng: Rng, n: number, from: number, to: number): number[] {
  return Array.from({ length: n }, () => from + (to - from) * (0.05 + 0.9 * rng.next())).sort((a, b) => a - b);
}

export function planDemo(input: PlanInput): Plan {
  const { rng, now, boards, statuses, tagIds, teamIds } = input;
  const plan: Plan = { posts: [], postTags: [], votes: [], comments: [], statusChanges: [] };
  const boardChoices = boards.map((b) => [b, b.def.share] as const);

  const drafts = Array.from({ length: input.postCount }, () => {
    const board = rng.weighted(boardChoices);
    // Slightly more posts recently: the product is growing.
    const createdAt = now - DEMO_SPAN_DAYS * DAY * Math.pow(rng.next(), 1.3) - rng.int(1, 60) * 60_000;
    return { board, createdAt };
  });
  drafts.sort((a, b) => a.createdAt - b.createdAt);

  let commentSeq = 0;
  let changeSeq = 0;
  drafts.forEach(({ board, createdAt }, seq) => {
    const id = randomUUID();
    const age = now - createdAt;
    const authorId = rng.chance(0.08) ? rng.pick(teamIds) : rng.pick(board.voterIds);
    const status = chooseStatus(rng, statuses, age);

    let statusChangedAt: number | null = null;
    // As the app keeps posts.team_responded_at: set by the first status change or public team comment.
    let teamRespondedAt: number | null = null;
    if (status) {
      const path = statusPath(rng, statuses, status);
      const times = instants(rng, path.length, createdAt, now);
      let from: string | null = null;
      path.forEach((s, i) => {
        plan.statusChanges.push({
          seq: changeSeq++,
          post_id: id,
          from_status_id: from,
          to_status_id: s.id,
          by_id: rng.pick(teamIds),
          note: demoStatusNote(rng, s.category),
          created_at: iso(times[i]!),
        });
        from = s.id;
      });
      statusChangedAt = times[times.length - 1]!;
      teamRespondedAt = times[0]!;
    }

    // Skewed popularity: most posts get a handful of votes, a few get nearly everyone's.
    const boost = status ? (POPULARITY_BOOST[status.category] ?? 1) : 1;
    const voteCount = Math.min(board.voterIds.length, Math.floor(60 * Math.pow(rng.next(), 4) * boost));
    const voters = new Set(rng.sample(board.voterIds, voteCount));
    voters.add(authorId); // authors support their own request
    for (const userId of voters) plan.votes.push({ post_id: id, user_id: userId, created_at: iso(createdAt + age * rng.next()) });

    let lastActivity = Math.max(createdAt, statusChangedAt ?? 0);
    const commentCount = Math.floor(6 * Math.pow(rng.next(), 2)) + (voteCount > 25 ? rng.int(1, 4) : 0);
    for (const at of instants(rng, commentCount, createdAt, now)) {
      const kind = rng.weighted([
        ['member', 78],
        ['team', 16],
        ['internal', 6],
      ] as const);
      const deleted = kind === 'member' && rng.chance(0.03);
      plan.comments.push({
        seq: commentSeq++,
        post_id: id,
        author_id: kind === 'member' ? rng.pick(board.voterIds) : rng.pick(teamIds),
        body: demoComment(rng, kind),
        internal: kind === 'internal',
        created_at: iso(at),
        deleted_at: deleted ? iso(Math.min(now, at + HOUR)) : null,
      });
      if (!deleted) lastActivity = Math.max(lastActivity, at);
      if (kind === 'team') teamRespondedAt = Math.min(teamRespondedAt ?? at, at);
    }

    for (const tagId of rng.sample(
      tagIds,
      rng.weighted([
        [0, 3],
        [1, 5],
        [2, 3],
        [3, 1],
      ] as const),
    ))
      plan.postTags.push({ post_id: id, tag_id: tagId });

    plan.posts.push({
      seq,
      id,
      board_id: board.id,
      author_id: authorId,
      title: demoTitle(rng, board.def),
      body: demoBody(rng, board.def),
      status_id: status?.id ?? null,
      status_changed_at: statusChangedAt === null ? null : iso(statusChangedAt),
      pinned: false,
      activity_at: iso(lastActivity),
      team_responded_at: teamRespondedAt === null ? null : iso(teamRespondedAt),
      created_at: iso(createdAt),
    });
  });

  // One pinned post per public board (its oldest untriaged one), so the pinned style shows.
  for (const b of boards.filter((x) => x.def.visibility === 'public')) {
    const first = plan.posts.find((p) => p.board_id === b.id && p.status_id === null);
    if (first) first.pinned = true;
  }
  return plan;
}
