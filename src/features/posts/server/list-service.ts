/**
 * The post lists: a board's posts, every visible board's posts (home page, API), and search.
 *
 * Order: `sort` when given; a search (`q`) without an explicit sort is ordered by relevance
 * (ts_rank), because that is what someone searching wants; with an explicit sort the matches
 * follow that sort. A board's trending view lists pinned posts first.
 */
import { presentPerson } from '@/core/identity/person';
import { getVisibleBoard } from '@/features/boards/server/access-service';
import { flattenMarkdown, plainExcerpt } from '@/lib/markdown-tree';
import { db } from '@/server/db/client';
import { VISITOR, type Actor } from '@/server/identity/actor';
import { isTeamMember } from '@/core/identity/policy';
import { keptFor, keepsSharedCopies } from '@/server/cache/visitor-cache';
import { AppError } from '@/server/http/errors';
import { postSlug, type ClosedMode, type Highlight, type PostPage, type PostSort, type PostSummary } from '../schema';
import { decodeCursor, encodeCursor, type CursorKey, type ListOrder } from './list-cursor';
import {
  countPostRows,
  headlinesOf,
  isOnPublicBoard,
  listPostRows,
  listTagsOfPosts,
  readerFacts,
  MATCH_START,
  MATCH_STOP,
  statusesInUse,
  tagsInUse,
  votedPostIds,
  type ListFilters,
  type ListPostRow,
} from './list-queries';

export interface ListPostsRequest {
  /** A board slug; absent: every board the actor may see. */
  board?: string;
  /** Absent: relevance when searching, trending otherwise. */
  sort?: PostSort;
  status?: string;
  tag?: string;
  q?: string;
  /** `hide`: leave out done and closed posts, unless `status` chooses one. Absent: `show`. */
  closed?: ClosedMode;
  /** The page after this cursor. */
  cursor?: string;
  /** The page before this cursor (a page's `prevCursor`); not with `cursor`. */
  before?: string;
  limit: number;
}

export const listOrderOf = (req: Pick<ListPostsRequest, 'sort' | 'q'>): ListOrder => req.sort ?? (req.q ? 'relevance' : 'trending');

const badCursor = (field: 'cursor' | 'before' = 'cursor') =>
  new AppError('VALIDATION_FAILED', 'This page link is not valid.', {
    fields: { [`query.${field}`]: 'This page link is not valid.' },
    reason: 'pageLinkInvalid',
  });

/** Whether a cursor belongs to this list's order (a stale link after a sort change does not). */
export function cursorFits(cursor: string, req: Pick<ListPostsRequest, 'sort' | 'q' | 'board'>): boolean {
  const key = decodeCursor(cursor);
  if (!key) return false;
  const order = listOrderOf(req);
  const pinnedFirst = Boolean(req.board) && order === 'trending';
  return key.order === order && (key.pinned !== undefined) === pinnedFirst;
}

function keyOf(order: ListOrder, row: ListPostRow, pinnedFirst: boolean): CursorKey {
  const value =
    order === 'trending'
      ? row.trendingScore
      : order === 'top'
        ? row.voteCount
        : order === 'new'
          ? row.createdKey
          : order === 'updated'
            ? row.activityKey
            : (row.rank ?? 0);
  return { order, value, id: row.id, ...(pinnedFirst ? { pinned: row.pinned } : {}) };
}

/** Splits ts_headline's marked text into runs; `clean` tidies each run's text (Markdown marks). */
export function splitMarked(text: string, clean: (s: string) => string = (s) => s): Highlight {
  const runs: Highlight = [];
  const push = (t: string, match: boolean) => {
    const value = clean(t);
    if (!value) return;
    const last = runs[runs.length - 1];
    if (last && last.match === match) last.text += value;
    else runs.push({ text: value, match });
  };
  let rest = text;
  while (rest) {
    const start = rest.indexOf(MATCH_START);
    if (start < 0) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, start), false);
    const stop = rest.indexOf(MATCH_STOP, start + 1);
    const end = stop < 0 ? rest.length : stop;
    push(rest.slice(start + 1, end), true);
    rest = stop < 0 ? '' : rest.slice(stop + 1);
  }
  return runs;
}

const stripMarks = (s: string) =>
  s
    .replace(/[\uE000\uE001]/g, '')
    .replace(/[*_~`#>|]+/g, '')
    .replace(/\s+/g, ' ');

function toSummary(row: ListPostRow, tags: { id: string; name: string; color: string }[], voted: boolean): PostSummary {
  const deleted = row.authorDeleted || !row.authorId;
  return {
    id: row.id,
    number: row.number,
    slug: postSlug(row.title),
    title: row.title,
    excerpt: plainExcerpt(row.bodyStart),
    board: { slug: row.boardSlug, name: row.boardName },
    author: {
      ...presentPerson(row.authorId ? { id: row.authorId, displayName: row.authorName, avatarUrl: row.authorAvatar, deleted } : null),
      isTeam: !deleted && (row.authorRole === 'moderator' || row.authorRole === 'admin'),
    },
    status:
      row.statusId && row.statusSlug && row.statusName && row.statusColor && row.statusCategory
        ? { id: row.statusId, slug: row.statusSlug, name: row.statusName, color: row.statusColor, category: row.statusCategory }
        : null,
    tags,
    voteCount: row.voteCount,
    commentCount: row.commentCount,
    voted,
    pinned: row.pinned,
    approval: row.approval,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A board the caller has already looked up for this actor (the board page has, to draw its
 * header): its id is used instead of looking the slug up again.
 */
export interface VisibleBoardRef {
  id: string;
  slug: string;
}

async function filtersFor(actor: Actor, req: ListPostsRequest, known?: VisibleBoardRef): Promise<ListFilters> {
  const boardId = !req.board
    ? undefined
    : known && known.slug === req.board.toLowerCase()
      ? known.id
      : (await getVisibleBoard(db(), actor, req.board)).id;
  // A chosen status decides by itself: choosing "Complete" shows the completed posts.
  return { boardId, status: req.status, tag: req.tag, q: req.q, openOnly: req.closed === 'hide' && !req.status };
}

/**
 * One page of posts as this actor may see them. NOT_FOUND for a hidden board; 422 for a bad cursor.
 *
 * When the actor's list is the visitors' list (listsLikeVisitors), the page is the public copy,
 * shared by everyone and remembered until anything changes (src/server/cache/visitor-cache.ts)
 * (keptFor), with the actor's own votes laid over it.
 */
export async function listPosts(actor: Actor, req: ListPostsRequest, knownBoard?: VisibleBoardRef): Promise<PostPage> {
  if (!(await listsLikeVisitors(actor, req.board))) return listPostsFor(actor, req, knownBoard);
  const shared = await keptFor(
    'anyone',
    `posts:${JSON.stringify(req)}`,
    () => listPostsFor(VISITOR, req),
    req.board ? { board: req.board } : 'any',
  );
  if (actor.kind !== 'user' || shared.items.length === 0) return shared;
  const voted = await votedPostIds(
    db(),
    actor.id,
    shared.items.map((p) => p.id),
  );
  return { ...shared, items: shared.items.map((p) => (voted.has(p.id) ? { ...p, voted: true } : p)) };
}

/** Whether the board (a slug) is public: what a visitor may open. Remembered like the lists. */
export function isPublicBoard(slug: string): Promise<boolean> {
  return keptFor(
    'anyone',
    `public-board:${slug.toLowerCase()}`,
    () =>
      getVisibleBoard(db(), VISITOR, slug).then(
        () => true,
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return false;
          throw err;
        },
      ),
    'none',
  );
}

/** Whether the post with this number is on a public board. Remembered like the lists. */
export function isPostOnPublicBoard(number: number): Promise<boolean> {
  return keptFor('anyone', `public-post:${number}`, () => isOnPublicBoard(db(), number), 'none');
}

/**
 * Whether this actor's lists (of one board, or of every board when `board` is absent) hold
 * exactly what a visitor's hold: lists show approved posts of the boards one may see, plus one's
 * own pending posts (identity/visibility.ts). So: a visitor; anyone with no pending post of their
 * own, on a public board; and, across all boards, a member with no pending post who has no
 * private board granted (the team sees every board).
 */
export async function listsLikeVisitors(actor: Actor, board: string | undefined): Promise<boolean> {
  if (actor.kind === 'visitor') return true;
  // Where nothing is shared (copies off, or this browser has just written), finding out would only cost a query.
  if (!keepsSharedCopies()) return false;
  const facts = await readerFactsOf(actor.id);
  if (facts.ownPending) return false;
  if (board !== undefined) return isPublicBoard(board);
  return !isTeamMember(actor) && !facts.grantedBoards;
}

/**
 * What decides whether a person's lists are everyone's: their own pending posts, and private
 * boards granted to them. Remembered until anything changes.
 */
export const readerFactsOf = (userId: string) => keptFor('anyone', `reader:${userId}`, () => readerFacts(db(), userId), 'none');

async function listPostsFor(actor: Actor, req: ListPostsRequest, knownBoard?: VisibleBoardRef): Promise<PostPage> {
  const order = listOrderOf(req);
  const pinnedFirst = Boolean(req.board) && order === 'trending';
  if (req.cursor && req.before) throw badCursor('before');
  const keyOfParam = (cursor: string | undefined, field: 'cursor' | 'before'): CursorKey | undefined => {
    if (!cursor) return undefined;
    if (!cursorFits(cursor, req)) throw badCursor(field);
    return decodeCursor(cursor)!;
  };
  const after = keyOfParam(req.cursor, 'cursor');
  const before = keyOfParam(req.before, 'before');
  const filters = await filtersFor(actor, req, knownBoard);
  const want = req.limit + 1;

  /**
   * Up to `limit` rows after `from` (or, backward, before it, nearest first). On a board's
   * trending view the list is two runs, pinned then the rest, each an index scan of its own.
   */
  const rowsFrom = async (from: CursorKey | undefined, limit: number, backward = false): Promise<ListPostRow[]> => {
    if (!pinnedFirst) return listPostRows(db(), actor, filters, { order, after: from, backward, limit });
    // The runs in the order of the walk; it starts in the run of `from`, then goes on from the next run's start.
    const runs = backward ? [false, true] : [true, false];
    const start = from ? runs.indexOf(Boolean(from.pinned)) : 0;
    let rows: ListPostRow[] = [];
    for (let i = start; i < runs.length && rows.length < limit; i++) {
      const key = i === start ? from : undefined;
      rows = rows.concat(
        await listPostRows(db(), actor, filters, { order, pinned: runs[i], after: key, backward, limit: limit - rows.length }),
      );
    }
    return rows;
  };

  let page: ListPostRow[];
  let hasNext: boolean;
  let hasPrev: boolean;
  const backwardRows = before ? await rowsFrom(before, want, true) : null;
  if (backwardRows && backwardRows.length > req.limit) {
    page = backwardRows.slice(0, req.limit).reverse();
    hasPrev = true;
    // The row the cursor named usually follows; it may have gone since, so ask.
    hasNext = page.length > 0 && (await rowsFrom(keyOf(order, page[page.length - 1]!, pinnedFirst), 1)).length > 0;
  } else {
    // Forward, or back to the start of the list: then the first page, full.
    const from = backwardRows ? undefined : after;
    const rows = await rowsFrom(from, want);
    page = rows.slice(0, req.limit);
    hasNext = rows.length > req.limit;
    hasPrev = Boolean(from) && page.length > 0;
  }

  const ids = page.map((r) => r.id);
  const [tagRows, voted, headlines] = [
    await listTagsOfPosts(db(), ids),
    actor.kind === 'user' ? await votedPostIds(db(), actor.id, ids) : new Set<string>(),
    req.q ? await headlinesOf(db(), ids, req.q) : [],
  ];
  const items = page.map((row) => {
    const summary = toSummary(
      row,
      tagRows.filter((t) => t.postId === row.id).map(({ id, name, color }) => ({ id, name, color })),
      voted.has(row.id),
    );
    const headline = headlines.find((h) => h.id === row.id);
    if (!headline) return summary;
    const body = splitMarked(flattenMarkdown(headline.body), stripMarks);
    return {
      ...summary,
      highlight: {
        title: splitMarked(headline.title),
        excerpt: body.some((r) => r.match) ? body : [{ text: summary.excerpt, match: false }].filter((r) => r.text),
      },
    };
  });
  const first = page[0];
  const last = page[page.length - 1];
  return {
    items,
    nextCursor: hasNext && last ? encodeCursor(keyOf(order, last, pinnedFirst)) : null,
    prevCursor: hasPrev && first ? encodeCursor(keyOf(order, first, pinnedFirst)) : null,
  };
}

/** How many posts match the filters (for "12 posts match"). */
export async function countPosts(
  actor: Actor,
  req: Omit<ListPostsRequest, 'cursor' | 'limit' | 'sort'>,
  knownBoard?: VisibleBoardRef,
): Promise<number> {
  if (await listsLikeVisitors(actor, req.board)) {
    // Votes change no count of posts.
    return keptFor(
      'anyone',
      `count:${JSON.stringify(req)}`,
      async () => countPostRows(db(), VISITOR, await filtersFor(VISITOR, { ...req, limit: 1 })),
      'none',
    );
  }
  return countPostRows(db(), actor, await filtersFor(actor, { ...req, limit: 1 }, knownBoard));
}

/**
 * The statuses and tags a board's filters offer: those its listed posts use. Shared like the
 * lists when the actor's list of this board is the visitors' (listPosts).
 */
export async function boardFilterOptions(actor: Actor, board: { id: string; slug: string }) {
  const load = async (reader: Actor) => {
    const [statuses, tags] = [await statusesInUse(db(), reader, board.id), await tagsInUse(db(), reader, board.id)];
    return { statuses, tags: tags.map((t) => t.name) };
  };
  if (!(await listsLikeVisitors(actor, board.slug))) return load(actor);
  return keptFor('anyone', `filter-options:${board.id}`, () => load(VISITOR), 'none');
}
