/**
 * Tags (SPEC.md §3): names unique without regard to case (checked first for a friendly field
 * error, and by the unique index for races). Admins manage them; the team sets a post's tags,
 * at most 10 (SPEC.md §5).
 */
import { recordAudit } from '@/features/audit/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import type { Actor, UserActor } from '@/server/identity/actor';
import { AppError, onUniqueViolation } from '@/server/http/errors';
import { type Tag, type TagDeleted, type TagInput, type TagRef, type TagUpdateInput } from '../schema';
import {
  countPostsWithTag,
  deleteTagRow,
  getTagById,
  getTagsByIds,
  insertTag,
  listTagsWithCounts,
  tagNameTaken,
  updateTag,
  type TagRow,
} from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toTagRef = (row: Pick<TagRow, 'id' | 'name' | 'color'>): TagRef => ({ id: row.id, name: row.name, color: row.color });
const toTag = (row: TagRow, postCount: number): Tag => ({ ...toTagRef(row), postCount });

const nameTaken = () =>
  new AppError('CONFLICT', 'A tag with this name already exists.', {
    fields: { name: 'A tag with this name already exists.' },
    reason: 'tagNameTaken',
  });

async function loadOrNotFound(tx: DbOrTx, id: string): Promise<TagRow> {
  const row = UUID.test(id) ? await getTagById(tx, id, { forUpdate: true }) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'There is no such tag.');
  return row;
}

/** Every tag by name, with how many of the posts this actor may see carry it. */
export async function listTags(actor: Actor): Promise<Tag[]> {
  return (await listTagsWithCounts(db(), actor)).map((r) => toTag(r, r.postCount));
}

export async function listTagRefs(actor: Actor): Promise<TagRef[]> {
  return (await listTagsWithCounts(db(), actor)).map(toTagRef);
}

export async function createTag(actor: UserActor, input: TagInput, ip: string): Promise<Tag> {
  return onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        if (await tagNameTaken(tx, input.name)) throw nameTaken();
        const row = await insertTag(tx, input);
        await recordAudit({ actor, action: 'tag.created', targetType: 'tag', targetId: row.id, after: toTagRef(row), ip }, tx);
        return toTag(row, 0);
      }),
    nameTaken,
  );
}

export async function updateTagAs(actor: UserActor, id: string, input: TagUpdateInput, ip: string): Promise<Tag> {
  return onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        const before = await loadOrNotFound(tx, id);
        const changes: Partial<TagRow> = {};
        if (input.name !== undefined && input.name !== before.name) {
          if (await tagNameTaken(tx, input.name, id)) throw nameTaken();
          changes.name = input.name;
        }
        if (input.color !== undefined && input.color !== before.color) changes.color = input.color;
        const count = await countPostsWithTag(tx, id);
        if (Object.keys(changes).length === 0) return toTag(before, count);
        const after = await updateTag(tx, id, changes);
        await recordAudit(
          { actor, action: 'tag.updated', targetType: 'tag', targetId: id, before: toTagRef(before), after: toTagRef(after), ip },
          tx,
        );
        return toTag(after, count);
      }),
    nameTaken,
  );
}

/** Deletes a tag; the posts that carried it simply lose it. */
export async function deleteTagAs(actor: UserActor, id: string, ip: string): Promise<TagDeleted> {
  return db().transaction(async (tx) => {
    const before = await loadOrNotFound(tx, id);
    const removedFromPosts = await deleteTagRow(tx, id);
    await recordAudit(
      { actor, action: 'tag.deleted', targetType: 'tag', targetId: id, before: { ...toTagRef(before), postCount: removedFromPosts }, ip },
      tx,
    );
    return { id, removedFromPosts };
  });
}

/** The tags with these ids, as posts carry them, sorted by name; inside `tx` when given. */
export async function findTagRefs(tx: DbOrTx, ids: readonly string[]): Promise<TagRef[]> {
  const found = await getTagsByIds(tx, ids);
  return [...found].sort((x, y) => x.name.localeCompare(y.name, undefined, { sensitivity: 'base' })).map(toTagRef);
}
