/**
 * Page cursors (SPEC.md §7: `?cursor=&limit=`), one codec for every list: opaque to callers,
 * a cursor is the last row's exact keyset as base64url-encoded JSON. Each list says how its key
 * becomes parts and how parts are checked back into a key; a cursor that is not one of ours
 * decodes to null, and `requireCursor` turns that into the §8 validation error.
 */
import { AppError } from './errors';

export interface CursorCodec<K> {
  encode(key: K): string;
  /** The key inside a cursor, or null when it is not one of this list's. */
  decode(cursor: string): K | null;
}

export function cursorCodec<K>(
  toParts: (key: K) => readonly unknown[],
  fromParts: (parts: readonly unknown[]) => K | null,
): CursorCodec<K> {
  return {
    encode: (key) => Buffer.from(JSON.stringify(toParts(key))).toString('base64url'),
    decode: (cursor) => {
      if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) return null;
      try {
        const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
        return Array.isArray(parts) ? fromParts(parts) : null;
      } catch {
        return null;
      }
    },
  };
}

/** The key inside `cursor`, or 422 VALIDATION_FAILED on `query.<field>` when it is not valid. */
export function requireCursor<K>(codec: CursorCodec<K>, cursor: string, field = 'cursor'): K {
  const key = codec.decode(cursor);
  if (key === null) throw new AppError('VALIDATION_FAILED', undefined, { fields: { [`query.${field}`]: 'This page link is not valid.' } });
  return key;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A row id in a cursor. */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
/** A timestamp in a cursor: ISO, UTC, to the microsecond (as the database keeps it). */
export const isIsoMicros = (v: unknown): v is string => typeof v === 'string' && ISO_MICROS.test(v);

/** The keyset of lists ordered by creation time, newest first: (created_at, id). */
export function timeIdCursor<Id>(isId: (v: unknown) => v is Id): CursorCodec<{ createdAt: string; id: Id }> {
  return cursorCodec(
    (key) => [key.createdAt, key.id],
    (parts) => (parts.length === 2 && isIsoMicros(parts[0]) && isId(parts[1]) ? { createdAt: parts[0], id: parts[1] } : null),
  );
}
