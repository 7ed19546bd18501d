/**
 * Whether an error means the database could not be reached or could take no more work just now
 * (SPEC.md §8 UNAVAILABLE, 503), rather than a fault: a refused or dropped connection, or no
 * pool connection free in time (every one busy: under overload, or while a long statement holds
 * the embedded database's one thread).
 *
 * node-postgres gives a dropped connection and its pool's wait limit no code, so those two are
 * known by their fixed messages; everything else by its code (SQLSTATE class 08, connection
 * exceptions; 57P01–57P03, shutdown and start-up; 53300, too many connections).
 */
const CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);
const MESSAGES = ['timeout exceeded when trying to connect', 'timeout expired', 'Connection terminated unexpectedly'];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08'))) return true;
    if (MESSAGES.some((m) => e instanceof Error && e.message.startsWith(m))) return true;
  }
  return false;
}
