/**
 * Boards (SPEC.md §3, §4, §6): everyone reads the boards they may see; admins create, edit,
 * reorder, archive and grant them. Every admin change is audited in its own transaction.
 */
import { canAdminister } from '@/core/identity/policy';
import { recordAudit } from '@/features/audit/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import type { Actor, UserActor } from '@/server/identity/actor';
import { requireAllowed } from '@/server/identity/authorize';
import { AppError, onUniqueViolation } from '@/server/http/errors';
import type { AdminBoard, Board, BoardHeader, BoardInput, BoardUpdateInput } from '../schema';
import { getVisibleBoard, type BoardRow } from './access-service';
import {
  boardGrantIds,
  existingUserIds,
  getBoardForUpdate,
  insertBoard,
  listGrantedMembers,
  listVisibleBoards,
  lockAllBoardIds,
  nextBoardPosition,
  replaceBoardGrants,
  setBoardPosition,
  updateBoard,
  type BoardWithCount,
} from './queries';

export function toBoard(row: BoardWithCount): Board {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    posting: row.posting,
    archived: row.archivedAt !== null,
    position: row.position,
    postCount: row.postCount,
  };
}

/** The boards the actor may see, by position, each with its count of listed posts. */
export async function listBoards(actor: Actor): Promise<Board[]> {
  return (await listVisibleBoards(db(), actor)).map(toBoard);
}

/** Every board with its grant list: the admin screen. */
export async function listBoardsForAdmin(actor: Actor): Promise<AdminBoard[]> {
  const boards = await listVisibleBoards(db(), actor);
  const grants = await listGrantedMembers(
    db(),
    boards.map((b) => b.id),
  );
  return boards.map((b) => ({
    ...toBoard(b),
    grantedMembers: grants.filter((g) => g.boardId === b.id).map(({ id, displayName, email }) => ({ id, displayName, email })),
  }));
}

/** What a board page's header needs: the board without its post count (one indexed lookup); NOT_FOUND when hidden. */
export async function getBoardHeader(actor: Actor, slug: string): Promise<BoardHeader> {
  const { postCount: _count, ...header } = toBoard({ ...(await getVisibleBoard(db(), actor, slug)), postCount: 0 });
  return header;
}

/** One board by slug; NOT_FOUND when hidden. Admins also get its grant list. */
export async function getBoard(actor: Actor, slug: string): Promise<Board | AdminBoard> {
  const [row] = await listVisibleBoards(db(), actor, { slug });
  if (!row) throw new AppError('NOT_FOUND', 'There is no such board.');
  if (canAdminister(actor) !== 'allow') return toBoard(row);
  const grants = await listGrantedMembers(db(), [row.id]);
  return { ...toBoard(row), grantedMembers: grants.map(({ id, displayName, email }) => ({ id, displayName, email })) };
}

const slugTaken = () =>
  new AppError('CONFLICT', 'Another board has this slug.', {
    fields: { slug: 'Another board has this slug.' },
    reason: 'boardSlugTaken',
  });

/** Refuses grants to people who do not exist (or deleted their account). */
async function checkedGrants(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await existingUserIds(tx, unique);
  if (found.length !== unique.length) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { grantedUserIds: 'Some of these people have no account.' } });
  }
  return unique.sort();
}

const auditView = (row: BoardRow, grants: string[]) => ({
  slug: row.slug,
  name: row.name,
  description: row.description,
  visibility: row.visibility,
  posting: row.posting,
  archived: row.archivedAt !== null,
  grantedUserIds: grants,
});

export async function createBoard(admin: UserActor, input: BoardInput, ip: string): Promise<AdminBoard> {
  requireAllowed(canAdminister(admin));
  const slug = await onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        const grants = await checkedGrants(tx, input.grantedUserIds);
        const row = await insertBoard(tx, {
          slug: input.slug,
          name: input.name,
          description: input.description,
          visibility: input.visibility,
          posting: input.posting,
          position: await nextBoardPosition(tx),
        });
        await replaceBoardGrants(tx, row.id, grants);
        await recordAudit(
          { actor: admin, action: 'board.created', targetType: 'board', targetId: row.id, after: auditView(row, grants), ip },
          tx,
        );
        return row.slug;
      }),
    slugTaken,
  );
  return getBoard(admin, slug) as Promise<AdminBoard>;
}

/** Applies a partial change; only what changed is written and audited. */
export async function updateBoardAs(admin: UserActor, slug: string, patch: BoardUpdateInput, ip: string): Promise<AdminBoard> {
  requireAllowed(canAdminister(admin));
  const newSlug = await onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        const current = await getBoardForUpdate(tx, { slug });
        if (!current) throw new AppError('NOT_FOUND', 'There is no such board.');
        const grantsBefore = await boardGrantIds(tx, current.id);
        const grantsAfter = patch.grantedUserIds ? await checkedGrants(tx, patch.grantedUserIds) : grantsBefore;
        const archivedAt = patch.archived === undefined ? current.archivedAt : patch.archived ? (current.archivedAt ?? new Date()) : null;
        const values = {
          slug: patch.slug ?? current.slug,
          name: patch.name ?? current.name,
          description: patch.description ?? current.description,
          visibility: patch.visibility ?? current.visibility,
          posting: patch.posting ?? current.posting,
          archivedAt,
        };
        const before = auditView(current, grantsBefore);
        const after = auditView({ ...current, ...values }, grantsAfter);
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
          (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
        );
        if (changed.length === 0) return current.slug;
        const row = await updateBoard(tx, current.id, values);
        if (changed.includes('grantedUserIds')) await replaceBoardGrants(tx, current.id, grantsAfter);
        await recordAudit(
          {
            actor: admin,
            action:
              changed.length === 1 && changed[0] === 'archived'
                ? after.archived
                  ? 'board.archived'
                  : 'board.unarchived'
                : 'board.updated',
            targetType: 'board',
            targetId: current.id,
            before: Object.fromEntries(changed.map((k) => [k, before[k]])),
            after: Object.fromEntries(changed.map((k) => [k, after[k]])),
            ip,
          },
          tx,
        );
        return row.slug;
      }),
    slugTaken,
  );
  return getBoard(admin, newSlug) as Promise<AdminBoard>;
}

/**
 * Puts the listed boards in the given order, in the places they held among all boards; boards
 * not listed keep theirs. So a screen that does not know of a board created a moment ago still
 * reorders what it shows. Positions are renumbered 0…n-1.
 */
export async function reorderBoards(admin: UserActor, ids: readonly string[], ip: string): Promise<Board[]> {
  requireAllowed(canAdminister(admin));
  await db().transaction(async (tx) => {
    const all = await lockAllBoardIds(tx);
    const listed = new Set(ids);
    if (listed.size !== ids.length || !ids.every((id) => all.includes(id))) {
      throw new AppError('VALIDATION_FAILED', 'List each board once, and only boards that exist.', {
        fields: { ids: 'List each board once, and only boards that exist.' },
        reason: 'boardOrderInvalid',
      });
    }
    const queue = [...ids];
    const next = all.map((id) => (listed.has(id) ? queue.shift()! : id));
    for (const [position, id] of next.entries()) await setBoardPosition(tx, id, position);
    await recordAudit({ actor: admin, action: 'board.reordered', targetType: 'board', before: { ids: all }, after: { ids: next }, ip }, tx);
  });
  return listBoards(admin);
}
