/** SQL for API keys. Nothing here knows HTTP. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { apiKeys, users } from '@/server/db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { creatorName: string | null; creatorDeleted: boolean | null };

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  secretHash: apiKeys.secretHash,
  scope: apiKeys.scope,
  createdById: apiKeys.createdById,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creatorName: users.displayName,
  creatorDeleted: sql<boolean | null>`${users.deletedAt} is not null`,
};

/** Every key, newest first (the team has few: no pagination). */
export async function listApiKeyRows(db: DbOrTx): Promise<ApiKeyRow[]> {
  return db
    .select(columns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdById))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function getApiKeyRow(db: DbOrTx, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdById))
    .where(eq(apiKeys.id, id))
    .limit(1);
  return row;
}

export async function insertApiKey(
  db: DbOrTx,
  values: Pick<typeof apiKeys.$inferInsert, 'name' | 'prefix' | 'secretHash' | 'scope' | 'createdById'>,
): Promise<string> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

/** Marks a key revoked; false when it was already. */
export async function revokeApiKeyRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
