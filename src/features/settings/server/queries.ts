import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { workspaceSettings } from '@/server/db/schema';

export type WorkspaceSettingsRow = typeof workspaceSettings.$inferSelect;

/** The one settings row; `forUpdate` locks it for a read-modify-write. */
export async function getWorkspaceSettings(db: DbOrTx, opts: { forUpdate?: boolean } = {}): Promise<WorkspaceSettingsRow | undefined> {
  const query = db.select().from(workspaceSettings).where(eq(workspaceSettings.id, 1)).limit(1);
  const rows = opts.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function updateWorkspaceSettings(
  db: DbOrTx,
  values: Partial<Omit<WorkspaceSettingsRow, 'id' | 'createdAt'>>,
): Promise<WorkspaceSettingsRow | undefined> {
  const rows = await db
    .update(workspaceSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(workspaceSettings.id, 1))
    .returning();
  return rows[0];
}
