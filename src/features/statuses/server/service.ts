/**
 * Statuses (SPEC.md §3, §4): the admins' list of statuses a post can be in. Names are unique
 * without regard to case (checked first for a friendly field error, and by the unique index
 * for races); the slug follows the name. A status in use is deleted only by moving its posts
 * to another status, each move recorded in the post's history; the last status stays.
 */
import { slugify } from '@/lib/slug';
import { recordAudit } from '@/features/audit/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import type { Actor, UserActor } from '@/server/identity/actor';
import { AppError, onUniqueViolation } from '@/server/http/errors';
import type { Status, StatusDeleted, StatusInput, StatusRef, StatusUpdateInput } from '../schema';
import {
  clearStatusOfDeletedPosts,
  countPostsOnStatus,
  deleteStatusRow,
  getStatusById,
  insertStatus,
  listStatusesWithCounts,
  lockAllStatuses,
  movePostsBetweenStatuses,
  setStatusPosition,
  slugsLike,
  statusNameTaken,
  updateStatus,
  type StatusRow,
} from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toStatusRef = (row: Pick<StatusRow, 'id' | 'slug' | 'name' | 'color' | 'category'>): StatusRef => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  color: row.color,
  category: row.category,
});

const toStatus = (row: StatusRow, postCount: number): Status => ({
  ...toStatusRef(row),
  position: row.position,
  onRoadmap: row.onRoadmap,
  postCount,
});

const nameTaken = () =>
  new AppError('CONFLICT', 'A status with this name already exists.', {
    fields: { name: 'A status with this name already exists.' },
    reason: 'statusNameTaken',
  });

/** Every status in order, each with how many of the posts this actor may see are on it. */
export async function listStatuses(actor: Actor): Promise<Status[]> {
  const rows = await listStatusesWithCounts(db(), actor);
  return rows.map((r) => toStatus(r, r.postCount));
}

/** The statuses as posts carry them, in order (for the post page's status control). */
export async function listStatusRefs(actor: Actor): Promise<StatusRef[]> {
  return (await listStatusesWithCounts(db(), actor)).map(toStatusRef);
}

/** A status as posts carry it, by id (null when there is none); inside `tx` when given. */
export async function findStatusRef(tx: DbOrTx, id: string): Promise<StatusRef | null> {
  if (!UUID.test(id)) return null;
  const row = await getStatusById(tx, id);
  return row ? toStatusRef(row) : null;
}

/** A slug from the name, made unique with a numeric suffix when another status has it. */
async function uniqueSlug(tx: DbOrTx, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name).slice(0, 40).replace(/-+$/g, '') || 'status';
  const taken = new Set(await slugsLike(tx, base, exceptId));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function loadOrNotFound(tx: DbOrTx, id: string, forUpdate = false): Promise<StatusRow> {
  const row = UUID.test(id) ? await getStatusById(tx, id, { forUpdate }) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'There is no such status.');
  return row;
}

export async function createStatus(actor: UserActor, input: StatusInput, ip: string): Promise<Status> {
  return onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        const all = await lockAllStatuses(tx);
        if (await statusNameTaken(tx, input.name)) throw nameTaken();
        const position = all.reduce((max, s) => Math.max(max, s.position), -1) + 1;
        const row = await insertStatus(tx, { ...input, slug: await uniqueSlug(tx, input.name), position });
        await recordAudit({ actor, action: 'status.created', targetType: 'status', targetId: row.id, after: toStatus(row, 0), ip }, tx);
        return toStatus(row, 0);
      }),
    nameTaken,
  );
}

export async function updateStatusAs(actor: UserActor, id: string, input: StatusUpdateInput, ip: string): Promise<Status> {
  return onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        const before = await loadOrNotFound(tx, id, true);
        const changes: Partial<StatusRow> = {};
        if (input.name !== undefined && input.name !== before.name) {
          if (await statusNameTaken(tx, input.name, id)) throw nameTaken();
          changes.name = input.name;
          changes.slug = await uniqueSlug(tx, input.name, id);
        }
        if (input.color !== undefined && input.color !== before.color) changes.color = input.color;
        if (input.category !== undefined && input.category !== before.category) changes.category = input.category;
        if (input.onRoadmap !== undefined && input.onRoadmap !== before.onRoadmap) changes.onRoadmap = input.onRoadmap;
        const count = await countPostsOnStatus(tx, id, { includeDeleted: false });
        if (Object.keys(changes).length === 0) return toStatus(before, count);
        const after = await updateStatus(tx, id, changes);
        await recordAudit(
          {
            actor,
            action: 'status.updated',
            targetType: 'status',
            targetId: id,
            before: toStatus(before, count),
            after: toStatus(after, count),
            ip,
          },
          tx,
        );
        return toStatus(after, count);
      }),
    nameTaken,
  );
}

/** Puts the statuses in the given order; the list must name every status exactly once. */
export async function reorderStatuses(actor: UserActor, ids: readonly string[], ip: string): Promise<Status[]> {
  await db().transaction(async (tx) => {
    const all = await lockAllStatuses(tx);
    const wanted = ids.map((id) => id.toLowerCase());
    const known = new Set(all.map((s) => s.id));
    if (new Set(wanted).size !== wanted.length || wanted.length !== all.length || wanted.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION_FAILED', undefined, { fields: { ids: 'List every status exactly once.' } });
    }
    const before = [...all].sort((a, b) => a.position - b.position).map((s) => s.id);
    for (const [position, id] of wanted.entries()) {
      if (all.find((s) => s.id === id)!.position !== position) await setStatusPosition(tx, id, position);
    }
    await recordAudit({ actor, action: 'status.reordered', targetType: 'status', before: { ids: before }, after: { ids: wanted }, ip }, tx);
  });
  return listStatuses(actor);
}

/**
 * Deletes a status. When live posts use it, `moveTo` must name another status; the posts move
 * there (one history row each, by the admin, no note). The last status cannot go.
 */
export async function deleteStatusAs(actor: UserActor, id: string, moveTo: string | undefined, ip: string): Promise<StatusDeleted> {
  return db().transaction(async (tx) => {
    const all = await lockAllStatuses(tx);
    const target = all.find((s) => s.id === id.toLowerCase());
    if (!target) throw new AppError('NOT_FOUND', 'There is no such status.');
    if (all.length <= 1) throw new AppError('CONFLICT', 'The workspace must keep at least one status.', { reason: 'lastStatus' });
    let destination: StatusRow | undefined;
    if (moveTo !== undefined) {
      destination = all.find((s) => s.id === moveTo.toLowerCase());
      if (!destination || destination.id === target.id) {
        throw new AppError('VALIDATION_FAILED', undefined, {
          fields: { 'query.moveTo': 'Choose another existing status to move the posts to.' },
        });
      }
    }
    const inUse = await countPostsOnStatus(tx, target.id, { includeDeleted: false });
    let movedPosts = 0;
    if (destination) {
      movedPosts = await movePostsBetweenStatuses(tx, target.id, destination.id, actor.id);
    } else if (inUse > 0) {
      const message = `${inUse} ${inUse === 1 ? 'post uses' : 'posts use'} this status. Choose a status to move ${inUse === 1 ? 'it' : 'them'} to.`;
      throw new AppError('CONFLICT', message, { fields: { 'query.moveTo': message }, reason: 'statusInUse' });
    } else {
      await clearStatusOfDeletedPosts(tx, target.id);
    }
    await deleteStatusRow(tx, target.id);
    await recordAudit(
      {
        actor,
        action: 'status.deleted',
        targetType: 'status',
        targetId: target.id,
        before: toStatus(target, inUse),
        after: destination ? { movedTo: destination.id, movedPosts } : null,
        ip,
      },
      tx,
    );
    return { id: target.id, movedPosts };
  });
}
