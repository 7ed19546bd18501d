import { and, desc, eq, lt } from 'drizzle-orm';
import { db, type DbOrTx } from '@/server/db/client';
import { auditEvents } from '@/server/db/schema';

export interface AuditEntry {
  actor: { id: string; displayName: string } | null;
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** Records who did what; call it inside the same transaction as the change it describes. */
export async function recordAudit(entry: AuditEntry, tx: DbOrTx = db()): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: entry.actor?.id ?? null,
    actorLabel: entry.actor?.displayName ?? 'system',
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

export async function listAuditEvents(limit = 50, beforeId?: number) {
  return db()
    .select()
    .from(auditEvents)
    .where(beforeId ? lt(auditEvents.id, beforeId) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

/**
 * Erasure (account deletion): the events stay, so the log still says what happened and when,
 * but the person's name leaves the labels of what they did, and the before/after values of
 * what was done to their account (names, addresses) are dropped.
 */
export async function forgetAuditPerson(userId: string, tx: DbOrTx = db()): Promise<void> {
  await tx.update(auditEvents).set({ actorLabel: 'Deleted user' }).where(eq(auditEvents.actorId, userId));
  await tx
    .update(auditEvents)
    .set({ before: null, after: null })
    .where(and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, userId)));
}
