/**
 * API keys (SPEC.md §3, §7): admins create them (the secret is returned once and only its hash
 * is kept) and revoke them. Using a key is src/server/identity/api-keys.ts and the route() pipeline.
 */
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { recordAudit } from '@/features/audit/server/service';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { newApiKey } from '@/server/identity/api-keys';
import { AppError } from '@/server/http/errors';
import type { ApiKey, ApiKeyInput, CreatedApiKey } from '../schema';
import { getApiKeyRow, insertApiKey, listApiKeyRows, revokeApiKeyRow, type ApiKeyRow } from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  createdBy: row.createdById
    ? { id: row.createdById, displayName: row.creatorDeleted ? DELETED_PERSON_NAME : (row.creatorName ?? '') }
    : null,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function listApiKeys(): Promise<ApiKey[]> {
  return (await listApiKeyRows(db())).map(toApiKey);
}

/** Creates a key; the answer carries its secret, which is never stored nor shown again. */
export async function createApiKey(actor: UserActor, input: ApiKeyInput, ip: string): Promise<CreatedApiKey> {
  const made = newApiKey();
  return db().transaction(async (tx) => {
    const id = await insertApiKey(tx, {
      name: input.name,
      scope: input.scope,
      prefix: made.prefix,
      secretHash: made.secretHash,
      createdById: actor.id,
    });
    await recordAudit(
      {
        actor,
        action: 'api_key.created',
        targetType: 'api_key',
        targetId: id,
        after: { name: input.name, scope: input.scope, prefix: made.prefix },
        ip,
      },
      tx,
    );
    const row = await getApiKeyRow(tx, id);
    return { apiKey: toApiKey(row!), secret: made.key };
  });
}

/** Revokes a key: the next request made with it, on any instance, is 401. Revoking twice changes nothing. */
export async function revokeApiKey(actor: UserActor, id: string, ip: string): Promise<ApiKey> {
  return db().transaction(async (tx) => {
    const before = UUID.test(id) ? await getApiKeyRow(tx, id) : undefined;
    if (!before) throw new AppError('NOT_FOUND', 'There is no such API key.');
    if (await revokeApiKeyRow(tx, id)) {
      await recordAudit(
        {
          actor,
          action: 'api_key.revoked',
          targetType: 'api_key',
          targetId: id,
          before: { name: before.name, scope: before.scope, prefix: before.prefix },
          ip,
        },
        tx,
      );
    }
    return toApiKey((await getApiKeyRow(tx, id))!);
  });
}
