/**
 * API keys as credentials (SPEC.md §7): the key format, its hash, and the one indexed lookup
 * that turns `Authorization: Bearer <key>` into an actor on every request (no cache: a revoked
 * key stops working at once on every instance). Managing keys is features/api-keys.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { apiKeyRole, type ApiKeyScope } from '@/core/identity/api-keys';
import type { Role } from '@/core/identity/roles';
import { db, queryRows } from '@/server/db/client';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The public id: 8 base62 characters (about 47 bits), enough to tell keys apart in a list. */
const PUBLIC_ID_LENGTH = 8;
/** The secret: 40 base62 characters, about 238 bits of randomness. */
const SECRET_LENGTH = 40;
/**
 * `chorus_<public id>_<secret>`: the fixed start and shape let secret scanners recognise a
 * leaked key; the part before the last `_` is the prefix shown in lists.
 */
export const API_KEY_PATTERN = /^chorus_([0-9A-Za-z]{8})_[0-9A-Za-z]{40}$/;

/** Uniform base62 characters from the CSPRNG (bytes ≥ 248 are dropped, so there is no modulo bias). */
function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** What the database keeps of a key. Keys are long and random, so a fast hash is enough. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface NewApiKey {
  /** The whole key: shown once, never stored. */
  key: string;
  prefix: string;
  secretHash: string;
}

export function newApiKey(): NewApiKey {
  const prefix = `chorus_${base62(PUBLIC_ID_LENGTH)}`;
  const key = `${prefix}_${base62(SECRET_LENGTH)}`;
  return { key, prefix, secretHash: hashApiKey(key) };
}

/**
 * The bearer token of a request: undefined when it sends no `Authorization: Bearer` header (other
 * schemes, such as a proxy's Basic credentials, are not ours and are left alone), otherwise the
 * token as sent (possibly empty or malformed, which then fails as an unknown key).
 */
export function readBearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^\s*bearer(?:\s+(.*))?$/i.exec(header);
  return match ? (match[1] ?? '').trim() : undefined;
}

export interface ApiKeyUser {
  id: string;
  email: string;
  displayName: string;
  avatarUrl: string | null;
  role: Role;
  emailVerified: boolean;
  apiKey: { id: string; name: string; scope: ApiKeyScope };
}

/** `last_used_at` is written at most this often per key, so busy keys do not write on every request. */
const LAST_USED_EVERY_SECONDS = 60;

/**
 * The user a key acts as: its creator, with the scope's role capped by the creator's current
 * role. Null for an unknown or malformed key, a revoked one, or one whose creator is banned,
 * deleted or gone: one indexed read (api_keys_secret_hash_key, then the users primary key).
 */
export async function resolveApiKey(key: string): Promise<ApiKeyUser | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const rows = await queryRows<{
    key_id: string;
    key_name: string;
    scope: ApiKeyScope;
    stale: boolean;
    user_id: string;
    email: string;
    display_name: string;
    avatar_url: string | null;
    role: Role;
    email_verified: boolean;
  }>(sql`
    select k.id as key_id, k.name as key_name, k.scope,
      (k.last_used_at is null or k.last_used_at < now() - make_interval(secs => ${LAST_USED_EVERY_SECONDS})) as stale,
      u.id as user_id, u.email, u.display_name, u.avatar_url, u.role, u.email_verified_at is not null as email_verified
    from api_keys k
    join users u on u.id = k.created_by_id and u.banned_at is null and u.deleted_at is null
    where k.secret_hash = ${hashApiKey(key)} and k.revoked_at is null`);
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    // Conditional, so that concurrent requests on several instances write it once a minute at most.
    await db().execute(sql`update api_keys set last_used_at = now()
      where id = ${row.key_id} and (last_used_at is null or last_used_at < now() - make_interval(secs => ${LAST_USED_EVERY_SECONDS}))`);
  }
  return {
    id: row.user_id,
    email: row.email,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    role: apiKeyRole(row.scope, row.role),
    emailVerified: Boolean(row.email_verified),
    apiKey: { id: row.key_id, name: row.key_name, scope: row.scope },
  };
}
