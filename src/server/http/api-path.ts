/**
 * The /api paths the framework would answer with something other than JSON (SPEC.md §2: paths
 * under /api answer JSON, always). The server entry (src/server/main.ts) asks this before handing
 * a request to Next.js and answers these itself, in the catalogue shape (docs/api.md):
 * - a malformed percent-encoding in the path (`/api/v1/posts/%ff`, `%`, an encoded surrogate):
 *   404 NOT_FOUND, since no route or resource has such a name;
 * - a path that is not in its one written form (a trailing slash, repeated slashes, a backslash,
 *   `.` or `..` segments): a 308 redirect to that form, with the query string kept and a JSON body.
 * The query string needs nothing here: Next.js reads a malformed one leniently.
 */

export type ApiPathAnswer = { kind: 'pass' } | { kind: 'malformed' } | { kind: 'redirect'; location: string };

/** Whether a request path (no query string) is under /api: its first segment is `api`. */
export const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Node decodes the request line as Latin-1; raw bytes above 0x7f (a client that sent UTF-8
 * unencoded) are percent-encoded back, so the parser and the `Location` header see ASCII.
 */
const encodeRawBytes = (s: string): string => s.replace(/[\u0080-\u00ff]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The path's one written form: backslashes read as slashes and repeated slashes collapsed (as
 * browsers and Next.js do), `.` and `..` segments resolved by the WHATWG URL parser, and no
 * trailing slash. Slashes are collapsed before parsing, so a path is never read as a host.
 */
function canonicalPath(slashed: string): string {
  const resolved = new URL(slashed, 'http://chorus.invalid').pathname;
  return resolved.length > 1 ? resolved.replace(/\/$/, '') : resolved;
}

function decodesCleanly(path: string): boolean {
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * What to do with the request target `url` (`req.url`: path and query string). A path is ours
 * when it is under /api as written (slashes aside) or once resolved (`/x/../api/health`).
 */
export function answerForApiPath(url: string): ApiPathAnswer {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  if (!rawPath.startsWith('/')) return { kind: 'pass' };
  const slashed = encodeRawBytes(rawPath).replace(/[\\/]+/g, '/');
  let canonical: string;
  try {
    canonical = canonicalPath(slashed);
  } catch {
    return isApiPath(slashed) ? { kind: 'malformed' } : { kind: 'pass' };
  }
  if (!isApiPath(slashed) && !isApiPath(canonical)) return { kind: 'pass' };
  if (!decodesCleanly(canonical)) return { kind: 'malformed' };
  if (canonical === rawPath) return { kind: 'pass' };
  return { kind: 'redirect', location: canonical + encodeRawBytes(q === -1 ? '' : url.slice(q)) };
}
