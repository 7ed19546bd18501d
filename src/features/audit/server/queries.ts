import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { auditEvents, users } from '@/server/db/schema';

/**
 * Audit events newest first, before `beforeId`, with the current name of a user target
 * (null when that person is gone or erased).
 */
export async function listAuditEventRows(db: DbOrTx, limit: number, beforeId?: number) {
  return db
    .select({
      event: auditEvents,
      targetUserName: users.displayName,
      targetUserDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(auditEvents)
    .leftJoin(users, and(eq(auditEvents.targetType, 'user'), sql`${users.id}::text = ${auditEvents.targetId}`))
    .where(beforeId ? lt(auditEvents.id, beforeId) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}
