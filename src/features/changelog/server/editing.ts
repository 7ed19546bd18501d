/**
 * Writing the changelog (SPEC.md §3–§6): moderators and admins write entries, link posts,
 * publish, schedule and unpublish; admins add labels. Every change is audited.
 */
import { sql } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/server/service';
import { findStatusRef } from '@/features/statuses/server/service';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { db, type DbOrTx } from '@/server/db/client';
import { changelogEntries } from '@/server/db/schema';
import { AppError, onUniqueViolation } from '@/server/http/errors';
import type { UserActor } from '@/server/identity/actor';
import { kickJobs } from '@/server/jobs/queue';
import { slugify } from '@/lib/slug';
import type { ChangelogLabel, EntryInput, EntryUpdateInput, PublishedTeamEntry, TeamEntry } from '../schema';
import { publishEntryIn, scheduleIn, unscheduleIn } from './publishing';
import { toLinkedPosts } from './service';
import {
  deleteEntryRow,
  getEntryRowBy,
  insertEntry,
  insertLabel,
  labelExists,
  labelNameTaken,
  labelSlugsLike,
  listTeamEntryRows,
  lockEntry,
  nextLabelPosition,
  replaceEntryPosts,
  slugsLike,
  updateEntry,
  visiblePostIdsByNumber,
  type EntryRow,
  type EntryWithRefs,
} from './queries';

/** The team's list shows at most this many entries (drafts first). */
export const TEAM_LIST_LIMIT = 200;
/** Slugs the changelog's own paths use; an entry never takes one. */
const RESERVED_SLUGS = new Set(['subscription', 'feed', 'labels', 'new']);

function toTeamEntry(row: EntryWithRefs): TeamEntry {
  const e = row.entry;
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    body: e.body,
    label: { slug: e.label, name: row.labelName },
    state: e.state,
    publishedAt: e.publishedAt?.toISOString() ?? null,
    scheduledFor: e.scheduledFor?.toISOString() ?? null,
    publishStatusId: e.publishStatusId,
    author: row.authorName,
    posts: toLinkedPosts(row.refs),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

const auditView = (e: EntryRow) => ({ slug: e.slug, title: e.title, label: e.label, state: e.state });

async function readTeamEntry(tx: DbOrTx, actor: UserActor, id: string): Promise<TeamEntry> {
  const row = await getEntryRowBy(tx, actor, sql`${changelogEntries.id} = ${id}`);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such changelog entry.');
  return toTeamEntry(row);
}

async function lockOrNotFound(tx: DbOrTx, id: string): Promise<EntryRow> {
  const row = await lockEntry(tx, id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such changelog entry.');
  return row;
}

async function uniqueSlug(tx: DbOrTx, title: string): Promise<string> {
  const base = slugify(title).slice(0, 60).replace(/-+$/g, '') || 'entry';
  const taken = new Set(await slugsLike(tx, base));
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function checkLabel(tx: DbOrTx, slug: string): Promise<void> {
  if (!(await labelExists(tx, slug)))
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { label: 'Choose one of the labels.' } });
}

async function checkPublishStatus(tx: DbOrTx, id: string | null): Promise<void> {
  if (id === null) return;
  const status = await findStatusRef(tx, id);
  if (!status || status.category !== 'done') {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { publishStatusId: 'Choose a status in the done category.' } });
  }
}

/** The posts with these numbers the actor may see; 422 on `postNumbers` when any is missing. */
async function resolvePosts(tx: DbOrTx, actor: UserActor, numbers: readonly number[]): Promise<string[]> {
  const found = await visiblePostIdsByNumber(tx, actor, numbers);
  const missing = numbers.filter((n) => !found.some((p) => p.number === n));
  if (missing.length) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      fields: { postNumbers: `There is no post ${missing.map((n) => `#${n}`).join(', ')}.` },
    });
  }
  return found.map((p) => p.id);
}

export async function listTeamEntries(actor: UserActor): Promise<TeamEntry[]> {
  return (await listTeamEntryRows(db(), actor, TEAM_LIST_LIMIT)).map(toTeamEntry);
}

export async function getTeamEntry(actor: UserActor, id: string): Promise<TeamEntry> {
  return readTeamEntry(db(), actor, id);
}

const slugConflict = () => new AppError('CONFLICT', 'Another entry took this address; try again.', { reason: 'changelogAddressTaken' });

export async function createEntry(actor: UserActor, input: EntryInput, ip: string): Promise<TeamEntry> {
  return onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        await checkLabel(tx, input.label);
        await checkPublishStatus(tx, input.publishStatusId);
        const postIds = await resolvePosts(tx, actor, input.postNumbers);
        const row = await insertEntry(tx, {
          slug: await uniqueSlug(tx, input.title),
          title: input.title,
          body: input.body,
          label: input.label,
          publishStatusId: input.publishStatusId,
          authorId: actor.id,
        });
        await replaceEntryPosts(tx, row.id, postIds);
        await recordAudit(
          { actor, action: 'changelog.created', targetType: 'changelog_entry', targetId: row.id, after: auditView(row), ip },
          tx,
        );
        return readTeamEntry(tx, actor, row.id);
      }),
    slugConflict,
  );
}

/** Changes the given fields; the slug (the entry's address) stays as it was first made. */
export async function updateEntryAs(actor: UserActor, id: string, input: EntryUpdateInput, ip: string): Promise<TeamEntry> {
  return db().transaction(async (tx) => {
    const before = await lockOrNotFound(tx, id);
    if (input.label !== undefined) await checkLabel(tx, input.label);
    if (input.publishStatusId !== undefined) await checkPublishStatus(tx, input.publishStatusId);
    if (input.postNumbers !== undefined) await replaceEntryPosts(tx, id, await resolvePosts(tx, actor, input.postNumbers));
    const after = await updateEntry(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.publishStatusId !== undefined ? { publishStatusId: input.publishStatusId } : {}),
    });
    await recordAudit(
      {
        actor,
        action: 'changelog.updated',
        targetType: 'changelog_entry',
        targetId: id,
        before: auditView(before),
        after: { ...auditView(after), ...(input.postNumbers ? { postNumbers: input.postNumbers } : {}) },
        ip,
      },
      tx,
    );
    return readTeamEntry(tx, actor, id);
  });
}

export async function deleteEntryAs(actor: UserActor, id: string, ip: string): Promise<{ id: string }> {
  await db().transaction(async (tx) => {
    const before = await lockOrNotFound(tx, id);
    await unscheduleIn(tx, before);
    await deleteEntryRow(tx, id);
    await recordAudit(
      { actor, action: 'changelog.deleted', targetType: 'changelog_entry', targetId: id, before: auditView(before), ip },
      tx,
    );
  });
  return { id };
}

/** Publishes now; publishing an entry already published changes nothing. */
export async function publishEntryAs(actor: UserActor, id: string, ip: string): Promise<PublishedTeamEntry> {
  const result = await db().transaction(async (tx) => {
    const { published, postsMoved } = await publishEntryIn(tx, actor, id, ip);
    return { published, postsMoved, entry: await readTeamEntry(tx, actor, id) };
  });
  if (result.published) kickJobs();
  return { ...result.entry, postsMoved: result.postsMoved };
}

/** Back to draft: off the public pages (the posts it moved keep their status and history). */
export async function unpublishEntryAs(actor: UserActor, id: string, ip: string): Promise<TeamEntry> {
  return db().transaction(async (tx) => {
    const before = await lockOrNotFound(tx, id);
    if (before.state === 'draft') return readTeamEntry(tx, actor, id);
    await updateEntry(tx, id, { state: 'draft', publishedAt: null });
    await recordAudit(
      { actor, action: 'changelog.unpublished', targetType: 'changelog_entry', targetId: id, before: auditView(before), ip },
      tx,
    );
    return readTeamEntry(tx, actor, id);
  });
}

/** Schedules a draft's publication at a future time (replacing an earlier schedule). */
export async function scheduleEntryAs(actor: UserActor, id: string, at: Date, ip: string): Promise<TeamEntry> {
  if (at.getTime() <= Date.now()) throw new AppError('VALIDATION_FAILED', undefined, { fields: { at: 'Choose a time in the future.' } });
  const entry = await db().transaction(async (tx) => {
    const before = await lockOrNotFound(tx, id);
    if (before.state !== 'draft') throw new AppError('CONFLICT', 'This entry is already published.', { reason: 'entryAlreadyPublished' });
    await scheduleIn(tx, actor, before, at);
    await recordAudit(
      { actor, action: 'changelog.scheduled', targetType: 'changelog_entry', targetId: id, after: { scheduledFor: at.toISOString() }, ip },
      tx,
    );
    return readTeamEntry(tx, actor, id);
  });
  return entry;
}

export async function unscheduleEntryAs(actor: UserActor, id: string, ip: string): Promise<TeamEntry> {
  return db().transaction(async (tx) => {
    const before = await lockOrNotFound(tx, id);
    if (!before.scheduledFor) return readTeamEntry(tx, actor, id);
    await unscheduleIn(tx, before);
    await recordAudit(
      {
        actor,
        action: 'changelog.unscheduled',
        targetType: 'changelog_entry',
        targetId: id,
        before: { scheduledFor: before.scheduledFor.toISOString() },
        ip,
      },
      tx,
    );
    return readTeamEntry(tx, actor, id);
  });
}

/** Admins add a label; its slug is made from the name. */
export async function createLabel(actor: UserActor, name: string, ip: string): Promise<ChangelogLabel> {
  const taken = () =>
    new AppError('CONFLICT', 'A label with this name already exists.', {
      fields: { name: 'A label with this name already exists.' },
      reason: 'labelNameTaken',
    });
  return onUniqueViolation(
    () =>
      db().transaction(async (tx) => {
        if (await labelNameTaken(tx, name)) throw taken();
        const base = slugify(name).slice(0, 30).replace(/-+$/g, '') || 'label';
        const slugs = new Set(await labelSlugsLike(tx, base));
        let slug = base;
        for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
        const row = await insertLabel(tx, { slug, name, position: await nextLabelPosition(tx) });
        await recordAudit(
          { actor, action: 'changelog.label_created', targetType: 'changelog_label', targetId: slug, after: { name }, ip },
          tx,
        );
        return { slug: row.slug, name: row.name };
      }),
    taken,
  );
}

/** After a scheduled publication commits: visitors' copies of the pages are stale. */
export const afterScheduledPublication = (): void => bumpContentGeneration();
