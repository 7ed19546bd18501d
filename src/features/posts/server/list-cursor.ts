/**
 * The post list's page cursor: opaque to callers, it is the last row's sort key and id,
 * base64url-encoded JSON. Keys are exact (timestamps to the microsecond as text, scores as the
 * database's shortest round-trip numbers), so a keyset page never repeats or skips a row.
 */

/** How a list is ordered: the four sorts of SPEC.md §2, and relevance for searches. */
export const LIST_ORDERS = ['trending', 'top', 'new', 'updated', 'relevance'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

export interface CursorKey {
  order: ListOrder;
  /** Trending on one board lists pinned posts first; the cursor then carries the flag. */
  pinned?: boolean;
  /** trending/relevance: the score; top: the vote count; new/updated: the ISO time (µs, UTC). */
  value: number | string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(key: CursorKey): string {
  const parts: unknown[] = [key.order, key.value, key.id];
  if (key.pinned !== undefined) parts.push(key.pinned ? 1 : 0);
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

function validValue(order: ListOrder, value: unknown): value is number | string {
  if (order === 'new' || order === 'updated') return typeof value === 'string' && ISO_MICROS.test(value);
  if (order === 'top') return typeof value === 'number' && Number.isSafeInteger(value);
  return typeof value === 'number' && Number.isFinite(value);
}

/** The key inside a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string): CursorKey | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parts) || parts.length < 3 || parts.length > 4) return null;
    const [order, value, id, pinned] = parts as unknown[];
    if (typeof order !== 'string' || !(LIST_ORDERS as readonly string[]).includes(order)) return null;
    if (!validValue(order as ListOrder, value) || typeof id !== 'string' || !UUID.test(id)) return null;
    if (parts.length === 4 && pinned !== 0 && pinned !== 1) return null;
    return { order: order as ListOrder, value, id: id.toLowerCase(), ...(parts.length === 4 ? { pinned: pinned === 1 } : {}) };
  } catch {
    return null;
  }
}
