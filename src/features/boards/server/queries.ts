/**
 * Board SQL. Every read is scoped by what the actor may see (`visibleBoardSql`); post counts
 * count only the posts that actor may see and that are not merged away.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { visiblePostSql } from '@/server/identity/visibility';
import { listedPostSql } from '@/server/identity/visibility';
import type { DbOrTx } from '@/server/db/client';
import { boardMembers, boards, posts, users } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { type BoardRow } from './access-service';
import { visibleBoardSql } from '@/server/identity/visibility';

export type BoardWithCount = BoardRow & { postCount: number };

/**
 * Listed posts per board as this actor may see them. A grouped join rather than a correlated
 * subquery in the select list: Drizzle leaves columns unqualified there in single-table queries.
 */
async function postCounts(db: DbOrTx, actor: Actor, boardIds: string[]): Promise<Map<string, number>> {
  if (boardIds.length === 0) return new Map();
  const rows = await db
    .select({ boardId: posts.boardId, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(and(inArray(posts.boardId, boardIds), isNull(posts.mergedIntoId), visiblePostSql(actor), listedPostSql(actor)))
    .groupBy(posts.boardId);
  return new Map(rows.map((r) => [r.boardId, r.n]));
}

/** The boards this actor may see, by position, with their post counts. */
export async function listVisibleBoards(db: DbOrTx, actor: Actor, opts: { slug?: string } = {}): Promise<BoardWithCount[]> {
  const rows = await db
    .select()
    .from(boards)
    .where(and(visibleBoardSql(actor), opts.slug ? eq(boards.slug, opts.slug.toLowerCase()) : undefined))
    .orderBy(asc(boards.position), asc(boards.createdAt), asc(boards.id));
  const counts = await postCounts(
    db,
    actor,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, postCount: counts.get(r.id) ?? 0 }));
}

export interface GrantedMember {
  boardId: string;
  id: string;
  displayName: string;
  email: string;
}

/** Who the given boards are granted to (deleted people left out). */
export async function listGrantedMembers(db: DbOrTx, boardIds: readonly string[]): Promise<GrantedMember[]> {
  if (boardIds.length === 0) return [];
  return db
    .select({ boardId: boardMembers.boardId, id: users.id, displayName: users.displayName, email: users.email })
    .from(boardMembers)
    .innerJoin(users, eq(users.id, boardMembers.userId))
    .where(and(inArray(boardMembers.boardId, [...boardIds]), isNull(users.deletedAt)))
    .orderBy(asc(users.displayName), asc(users.email));
}

/** The board with this slug or id, locked for the rest of the transaction (admins see all). */
export async function getBoardForUpdate(tx: DbOrTx, key: { slug?: string; id?: string }): Promise<BoardRow | undefined> {
  const where = key.id ? eq(boards.id, key.id) : eq(boards.slug, (key.slug ?? '').toLowerCase());
  const [row] = await tx.select().from(boards).where(where).limit(1).for('update');
  return row;
}

export async function nextBoardPosition(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ max: sql<number | null>`max(${boards.position})` }).from(boards);
  return (row?.max == null ? -1 : Number(row.max)) + 1;
}

export type BoardValues = Partial<Pick<BoardRow, 'slug' | 'name' | 'description' | 'visibility' | 'posting' | 'position' | 'archivedAt'>>;

export async function insertBoard(tx: DbOrTx, values: Required<Omit<BoardValues, 'archivedAt'>>): Promise<BoardRow> {
  const [row] = await tx.insert(boards).values(values).returning();
  return row!;
}

export async function updateBoard(tx: DbOrTx, id: string, values: BoardValues): Promise<BoardRow> {
  const [row] = await tx
    .update(boards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(boards.id, id))
    .returning();
  return row!;
}

/** The ids among `ids` that belong to people who have not deleted their account. */
export async function existingUserIds(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/** Replaces a board's grant list. */
export async function replaceBoardGrants(tx: DbOrTx, boardId: string, userIds: readonly string[]): Promise<void> {
  await tx.delete(boardMembers).where(eq(boardMembers.boardId, boardId));
  if (userIds.length > 0) await tx.insert(boardMembers).values(userIds.map((userId) => ({ boardId, userId })));
}

export async function boardGrantIds(tx: DbOrTx, boardId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: boardMembers.userId })
    .from(boardMembers)
    .where(eq(boardMembers.boardId, boardId))
    .orderBy(asc(boardMembers.userId));
  return rows.map((r) => r.id);
}

/** Every board id, locked, in position order (for a reorder). */
export async function lockAllBoardIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: boards.id })
    .from(boards)
    .orderBy(asc(boards.position), asc(boards.createdAt), asc(boards.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setBoardPosition(tx: DbOrTx, id: string, position: number): Promise<void> {
  await tx.update(boards).set({ position }).where(eq(boards.id, id));
}
