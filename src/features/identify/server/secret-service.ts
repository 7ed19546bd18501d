/**
 * The workspace's identify secret (docs/identify.md): made and replaced by admins at
 * /admin/settings, shown once, right after, and never again. It is kept as it is, like the
 * webhooks' signing secrets, because the server needs it to check every token's HMAC.
 */
import { randomBytes } from 'node:crypto';
import { canAdminister } from '@/core/identity/policy';
import { recordAudit } from '@/features/audit/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { requireAllowed } from '@/server/identity/authorize';
import { IDENTIFY_ALGORITHM, IDENTIFY_MAX_LIFETIME_SECONDS, type IdentifySecret, type IdentifySettings } from '../schema';
import { getIdentifySecretRow, putIdentifySecret } from './queries';
import { identifyAudience } from './service';

/** A new secret: a recognisable prefix and 256 random bits. Hosts use the whole string as the HMAC key. */
export const newIdentifySecret = (): string => `idsec_${randomBytes(32).toString('base64url')}`;

function view(row: { createdAt: Date } | undefined): IdentifySettings {
  return {
    configured: Boolean(row),
    createdAt: row ? row.createdAt.toISOString() : null,
    audience: identifyAudience(),
    algorithm: IDENTIFY_ALGORITHM,
    maxLifetimeSeconds: IDENTIFY_MAX_LIFETIME_SECONDS,
  };
}

/** What admins see of the set-up: whether there is a secret, since when, and what tokens must carry. */
export async function getIdentifySettings(tx: DbOrTx = db()): Promise<IdentifySettings> {
  return view(await getIdentifySecretRow(tx));
}

/** Makes a new secret (the first, or in place of the current one, which stops working at once); answers it once. */
export async function rotateIdentifySecret(actor: UserActor, ip: string): Promise<IdentifySecret> {
  requireAllowed(canAdminister(actor));
  return db().transaction(async (tx) => {
    const before = await getIdentifySecretRow(tx);
    const secret = newIdentifySecret();
    const row = await putIdentifySecret(tx, secret);
    await recordAudit(
      {
        actor,
        action: 'workspace.identify_secret_rotated',
        targetType: 'workspace',
        before: { configured: Boolean(before) },
        after: { configured: true },
        ip,
      },
      tx,
    );
    return { ...view(row), secret };
  });
}
