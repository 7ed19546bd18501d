/**
 * Which boards an actor may see (SPEC.md §6): the team sees every board; a member sees public
 * boards and the private boards granted to them; a visitor sees public boards. Hidden boards
 * answer 404, so their existence does not leak. Every board and post query is scoped through
 * `visibleBoardSql`.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { boards } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { visibleBoardSql } from '@/server/identity/visibility';
import { AppError } from '@/server/http/errors';

export type BoardRow = typeof boards.$inferSelect;

/** The board with this slug if the actor may see it; NOT_FOUND otherwise. */
export async function getVisibleBoard(db: DbOrTx, actor: Actor, slug: string): Promise<BoardRow> {
  const [row] = await db
    .select()
    .from(boards)
    .where(and(eq(boards.slug, slug.toLowerCase()), visibleBoardSql(actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such board.');
  return row;
}
