/**
 * Publishing an entry (SPEC.md §4): now, by the team, or at a scheduled time, by a job that any
 * instance may claim and exactly one runs (src/server/jobs). One transaction sets the state,
 * moves the linked posts to the entry's done-category status through `recordStatusChange` (their
 * history then carries the entry as its public note) and emits `changelog.published`, which
 * notifies the linked posts' voters and subscribers and the changelog's own subscribers.
 */
import { eq } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/server/service';
import { getPostContext } from '@/features/posts/server/access-service';
import { recordStatusChange } from '@/features/posts/server/triage-service';
import { findStatusRef } from '@/features/statuses/server/service';
import type { DbOrTx } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { emitEvent } from '@/server/events';
import { AppError } from '@/server/http/errors';
import type { UserActor } from '@/server/identity/actor';
import { cancelJob, enqueueJob } from '@/server/jobs/queue';
import { entryUrl } from './service';
import { linkedPostNumbers, lockEntry, updateEntry, type EntryRow } from './queries';

export const PUBLISH_JOB_KIND = 'changelog.publish';
export const publishJobKey = (entryId: string): string => `changelog-publish:${entryId}`;

/** The public note a linked post's history gets when the entry ships it: the entry's title and URL. */
export const shippedNote = (entry: Pick<EntryRow, 'title' | 'slug'>): string =>
  `Shipped in [${entry.title.replace(/[[\]\\]/g, '\\$&')}](${entryUrl(entry.slug)})`;

/**
 * Publishes the locked draft `entry` in `tx` as `actor` (null: a scheduled publication whose
 * scheduler no longer exists, which publishes without moving posts). Answers how many posts moved.
 */
async function publishLocked(tx: DbOrTx, actor: UserActor | null, entry: EntryRow, ip: string | undefined): Promise<number> {
  await updateEntry(tx, entry.id, { state: 'published', publishedAt: new Date(), scheduledFor: null, scheduledById: null });
  await cancelJob(publishJobKey(entry.id), tx);
  let moved = 0;
  const next = actor && entry.publishStatusId ? await findStatusRef(tx, entry.publishStatusId) : null;
  if (actor && next && next.category === 'done') {
    const note = shippedNote(entry);
    for (const number of await linkedPostNumbers(tx, entry.id)) {
      let ctx;
      try {
        ctx = await getPostContext(tx, actor, number, { forUpdate: true });
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') continue; // deleted meanwhile
        throw err;
      }
      // A merged duplicate is read-only, and a post already there keeps its history as it is.
      if (ctx.post.mergedIntoId || ctx.status?.id === next.id) continue;
      await recordStatusChange(tx, actor, ctx, next, note, ip);
      moved++;
    }
  }
  await recordAudit(
    {
      actor,
      action: 'changelog.published',
      targetType: 'changelog_entry',
      targetId: entry.id,
      after: { slug: entry.slug, title: entry.title, postsMoved: moved, ...(next ? { status: next.name } : {}) },
      ip,
    },
    tx,
  );
  await emitEvent(tx, { type: 'changelog.published', entryId: entry.id, actorId: actor?.id ?? null });
  return moved;
}

/** Publishes now (idempotent: an entry already published is left as it is). */
export async function publishEntryIn(
  tx: DbOrTx,
  actor: UserActor,
  id: string,
  ip: string | undefined,
): Promise<{ published: boolean; postsMoved: number }> {
  const entry = await lockEntry(tx, id);
  if (!entry) throw new AppError('NOT_FOUND', 'There is no such changelog entry.');
  if (entry.state === 'published') return { published: false, postsMoved: 0 };
  return { published: true, postsMoved: await publishLocked(tx, actor, entry, ip) };
}

/**
 * The scheduled publication's job. It acts as the team member who scheduled it (they chose the
 * time and the status move); it does nothing when the entry was published, unpublished or
 * rescheduled meanwhile.
 */
export async function runScheduledPublication(tx: DbOrTx, entryId: string): Promise<boolean> {
  const entry = await lockEntry(tx, entryId);
  if (!entry || entry.state !== 'draft' || !entry.scheduledFor) return false;
  if (entry.scheduledFor.getTime() > Date.now() + 1000) return false; // rescheduled later: that job will do it
  const actor = entry.scheduledById ? await schedulerActor(tx, entry.scheduledById) : null;
  await publishLocked(tx, actor, entry, undefined);
  return true;
}

async function schedulerActor(tx: DbOrTx, id: string): Promise<UserActor | null> {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u || u.deletedAt) return null;
  return {
    kind: 'user',
    id: u.id,
    role: u.role,
    displayName: u.displayName,
    email: u.email,
    emailVerified: Boolean(u.emailVerifiedAt),
    avatarUrl: u.avatarUrl ?? null,
    sessionHash: '',
  };
}

/** Schedules the locked draft's publication at `at` (replacing any earlier schedule). */
export async function scheduleIn(tx: DbOrTx, actor: UserActor, entry: EntryRow, at: Date): Promise<EntryRow> {
  await cancelJob(publishJobKey(entry.id), tx);
  await enqueueJob(PUBLISH_JOB_KIND, { entryId: entry.id }, { tx, key: publishJobKey(entry.id), runAt: at });
  return updateEntry(tx, entry.id, { scheduledFor: at, scheduledById: actor.id });
}

/** Withdraws the locked entry's scheduled publication, if any. */
export async function unscheduleIn(tx: DbOrTx, entry: EntryRow): Promise<EntryRow> {
  await cancelJob(publishJobKey(entry.id), tx);
  return updateEntry(tx, entry.id, { scheduledFor: null, scheduledById: null });
}
