import type { IncomingMessage } from 'node:http';
import { readsOwnWrites } from './cookies';

const FRESH = Symbol.for('chorus.fresh-reads');
type Marked = IncomingMessage & { [FRESH]?: true };

/**
 * Marks a request whose answer is itself about to be kept (the page cache is recording it), so
 * what it reads is read fresh, not from the visitor data cache: a copy of a copy would outlive
 * the micro-cache's window (src/server/cache).
 */
export function requireFreshReads(req: IncomingMessage): void {
  (req as Marked)[FRESH] = true;
}

/** Whether this request must skip the visitor caches: its browser just wrote, or it is being recorded. */
export function needsFreshReads(req: IncomingMessage): boolean {
  return (req as Marked)[FRESH] === true || readsOwnWrites(req);
}
