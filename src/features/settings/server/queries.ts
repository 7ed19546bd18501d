import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { workspaceSettings } from '@/server/db/schema';

export async function getWorkspaceSettings(db: Db) {
  const rows = await db.select().from(workspaceSettings).where(eq(workspaceSettings.id, 1)).limit(1);
  return rows[0];
}
