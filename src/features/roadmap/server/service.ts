/**
 * The roadmap (SPEC.md §2): one column per status marked "on roadmap" in the planned, in
 * progress and done categories, grouped by category and ordered as the admins ordered the
 * statuses. Planned and in-progress columns list the most-voted cards first; done columns list
 * what shipped most recently first, within the last DONE_WINDOW_DAYS days unless `done=all`.
 * Each column is a keyset page with its own cursor. Moving a card is a status change through the
 * posts' status route: this feature only reads.
 */
import { getVisibleBoard } from '@/features/boards/server/access-service';
import { postSlug } from '@/features/posts/schema';
import { etaFromStored } from '@/features/posts/server/properties-service';
import { db } from '@/server/db/client';
import { cursorCodec, isIsoMicros, isUuid, requireCursor } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import type { Actor } from '@/server/identity/actor';
import {
  DONE_WINDOW_DAYS,
  type Roadmap,
  type RoadmapCard,
  type RoadmapColumn,
  type RoadmapColumnPage,
  type RoadmapColumnQuery,
  type RoadmapQuery,
} from '../schema';
import {
  columnRows,
  countColumn,
  roadmapStatusRows,
  roadmapTagNames,
  tagsOfPosts,
  votedIds,
  type CardFilters,
  type CardRow,
  type ColumnKey,
  type ColumnOrder,
} from './queries';

type StatusRow = Awaited<ReturnType<typeof roadmapStatusRows>>[number];

const columnCursor = cursorCodec<ColumnKey>(
  (k) => [k.order, k.value, k.id],
  (parts) => {
    const [order, value, id] = parts;
    if (parts.length !== 3 || !isUuid(id)) return null;
    if (order === 'votes' && Number.isSafeInteger(value) && (value as number) >= 0) return { order, value: value as number, id };
    if (order === 'shipped' && isIsoMicros(value)) return { order, value, id };
    return null;
  },
);

const orderOf = (status: StatusRow): ColumnOrder => (status.category === 'done' ? 'shipped' : 'votes');

function windowOf(status: StatusRow, done: RoadmapQuery['done']): CardFilters['window'] {
  return status.category === 'done' && done === 'recent' ? 'recent' : undefined;
}

async function baseFilters(actor: Actor, query: Pick<RoadmapQuery, 'board' | 'tag'>): Promise<CardFilters> {
  // A hidden or unknown board is NOT_FOUND, as on the board page.
  const boardId = query.board ? (await getVisibleBoard(db(), actor, query.board)).id : undefined;
  return { boardId, tag: query.tag };
}

async function toCards(actor: Actor, rows: CardRow[]): Promise<RoadmapCard[]> {
  const ids = rows.map((r) => r.id);
  const tagRows = await tagsOfPosts(db(), ids);
  const voted = actor.kind === 'user' ? await votedIds(db(), actor.id, ids) : new Set<string>();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    slug: postSlug(r.title),
    title: r.title,
    voteCount: r.voteCount,
    voted: voted.has(r.id),
    commentCount: r.commentCount,
    board: { slug: r.boardSlug, name: r.boardName, archived: r.boardArchived },
    tags: tagRows.filter((t) => t.postId === r.id).map(({ id, name, color }) => ({ id, name, color })),
    statusChangedAt: r.statusChangedAt ? r.statusChangedAt.toISOString() : null,
    eta: etaFromStored(r.eta, r.etaPrecision),
  }));
}

async function pageOf(actor: Actor, status: StatusRow, filters: CardFilters, limit: number, after?: ColumnKey) {
  const order = orderOf(status);
  const rows = await columnRows(db(), actor, status.id, filters, { order, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? columnCursor.encode({ order, value: order === 'votes' ? last.voteCount : last.shippedKey, id: last.id })
      : null;
  return { items: await toCards(actor, page), nextCursor };
}

/** Every column with its first page, as this actor may see it. NOT_FOUND for a hidden board. */
export async function getRoadmap(actor: Actor, query: RoadmapQuery): Promise<Roadmap> {
  const filters = await baseFilters(actor, query);
  const statusRows = await roadmapStatusRows(db());
  const columns: RoadmapColumn[] = [];
  for (const status of statusRows) {
    const columnFilters = { ...filters, window: windowOf(status, query.done) };
    const { items, nextCursor } = await pageOf(actor, status, columnFilters, query.limit);
    const total = nextCursor ? await countColumn(db(), actor, status.id, columnFilters) : items.length;
    const olderCount = columnFilters.window === 'recent' ? await countColumn(db(), actor, status.id, { ...filters, window: 'older' }) : 0;
    columns.push({ status, total, olderCount, items, nextCursor });
  }
  return { columns, done: query.done, doneWindowDays: DONE_WINDOW_DAYS };
}

/** The next page of one column (by its status slug). NOT_FOUND for a status that is not a column. */
export async function getRoadmapColumn(actor: Actor, query: RoadmapColumnQuery): Promise<RoadmapColumnPage> {
  const status = (await roadmapStatusRows(db())).find((s) => s.slug === query.status.toLowerCase());
  if (!status) throw new AppError('NOT_FOUND', 'There is no such roadmap column.');
  const after = query.cursor ? requireCursor(columnCursor, query.cursor) : undefined;
  if (after && after.order !== orderOf(status)) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { 'query.cursor': 'This page link is not valid.' } });
  }
  const filters = { ...(await baseFilters(actor, query)), window: windowOf(status, query.done) };
  const { items, nextCursor } = await pageOf(actor, status, filters, query.limit, after);
  return { status, items, nextCursor };
}

/** The tags the roadmap's tag filter offers: those on cards this actor may see. */
export async function roadmapTags(actor: Actor): Promise<string[]> {
  return roadmapTagNames(db(), actor);
}
