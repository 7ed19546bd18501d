import { and, eq } from 'drizzle-orm';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { db, type DbOrTx } from '@/server/db/client';
import { auditEvents } from '@/server/db/schema';
import type { AuditEventView, AuditListQuery, AuditPage } from '../schema';
import { listAuditEventRows } from './queries';

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

type Row = Awaited<ReturnType<typeof listAuditEventRows>>[number];

function targetLabel(row: Row): string {
  const { targetType, targetId } = row.event;
  if (targetType === 'user') return row.targetUserName && !row.targetUserDeleted ? row.targetUserName : DELETED_PERSON_NAME;
  if (targetType === 'workspace') return 'Workspace';
  return targetId ?? targetType ?? '';
}

function toView(row: Row): AuditEventView {
  const e = row.event;
  return {
    id: e.id,
    at: e.createdAt.toISOString(),
    actor: { id: e.actorId, label: e.actorLabel ?? 'system' },
    action: e.action,
    target: e.targetType ? { type: e.targetType, id: e.targetId, label: targetLabel(row) } : null,
    before: e.before,
    after: e.after,
    ip: e.ip,
  };
}

/** One page of the audit log, newest first (admins: GET /api/v1/audit, /admin/audit). */
export async function listAuditPage(query: AuditListQuery): Promise<AuditPage> {
  const rows = await listAuditEventRows(db(), query.limit + 1, query.cursor);
  const page = rows.slice(0, query.limit).map(toView);
  return { items: page, nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
}

/**
 * Erasure (account deletion): the events stay, so the log still says what happened and when,
 * but the person's name leaves the labels of what they did, and the before/after values of
 * what was done to their account (names, addresses) are dropped.
 */
export async function forgetAuditPerson(userId: string, tx: DbOrTx = db()): Promise<void> {
  await tx.update(auditEvents).set({ actorLabel: DELETED_PERSON_NAME }).where(eq(auditEvents.actorId, userId));
  await tx
    .update(auditEvents)
    .set({ before: null, after: null })
    .where(and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, userId)));
}
