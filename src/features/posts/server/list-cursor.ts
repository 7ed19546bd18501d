/**
 * The post list's page cursor: opaque to callers, it is the last row's sort key and id,
 * base64url-encoded JSON. Keys are exact (timestamps to the microsecond as text, scores as the
 * database's shortest round-trip numbers), so a keyset page never repeats or skips a row.
 */
import { cursorCodec, isIsoMicros, isUuid } from '@/server/http/cursor';

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

function validValue(order: ListOrder, value: unknown): value is number | string {
  if (order === 'new' || order === 'updated') return isIsoMicros(value);
  if (order === 'top') return typeof value === 'number' && Number.isSafeInteger(value);
  return typeof value === 'number' && Number.isFinite(value);
}

const listCursor = cursorCodec<CursorKey>(
  (key) => (key.pinned === undefined ? [key.order, key.value, key.id] : [key.order, key.value, key.id, key.pinned ? 1 : 0]),
  (parts) => {
    if (parts.length < 3 || parts.length > 4) return null;
    const [order, value, id, pinned] = parts;
    if (typeof order !== 'string' || !(LIST_ORDERS as readonly string[]).includes(order)) return null;
    if (!validValue(order as ListOrder, value) || !isUuid(id)) return null;
    if (parts.length === 4 && pinned !== 0 && pinned !== 1) return null;
    return { order: order as ListOrder, value, id: id.toLowerCase(), ...(parts.length === 4 ? { pinned: pinned === 1 } : {}) };
  },
);

export const encodeCursor = (key: CursorKey): string => listCursor.encode(key);

/** The key inside a cursor, or null when it is not one of ours. */
export const decodeCursor = (cursor: string): CursorKey | null => listCursor.decode(cursor);
