/**
 * Secrets kept in the database (single sign-on client secrets) are encrypted with AES-256-GCM
 * under CHORUS_SECRET_KEY, which never leaves the environment. A sealed value is
 * `v1.<iv>.<ciphertext+tag>` (base64url), bound to what it belongs to (`context`, the additional
 * authenticated data), so a sealed secret copied to another row does not open there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env, secretKeyBytes } from '@/config/env';

const VERSION = 'v1';

/** Whether secrets can be stored: CHORUS_SECRET_KEY is set. */
export function secretKeyConfigured(): boolean {
  return env().CHORUS_SECRET_KEY !== undefined;
}

function key(): Buffer {
  const raw = env().CHORUS_SECRET_KEY;
  const bytes = raw === undefined ? null : secretKeyBytes(raw);
  if (!bytes) throw new Error('CHORUS_SECRET_KEY is not set');
  return bytes;
}

export function seal(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** Opens a sealed value; throws when the key, the context or the value is not the one it was sealed with. */
export function open(sealed: string, context: string): string {
  const [version, ivText, bodyText] = sealed.split('.');
  if (version !== VERSION || !ivText || !bodyText) throw new Error('not a sealed secret');
  const body = Buffer.from(bodyText, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(ivText, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
}
