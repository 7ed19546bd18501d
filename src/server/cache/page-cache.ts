/**
 * Rendered HTML of the public pages visitors read most (`/`, `/b/[board]`, `/p/[number]`), and
 * the JSON answers of the post list and search (`GET /api/v1/posts`), kept on the same terms as
 * the visitor data cache (visitor-cache.ts): only for requests without a session cookie, the
 * recent-write cookie or any other credential, dropped as soon as the content generation changes
 * or when it is older than the cache's maximum age (exact on embedded PGlite, a few seconds on a
 * shared PostgreSQL). Rendering a page of 20 posts is most of its cost, and answering even a
 * remembered list through the framework costs several times serving a copy; this turns a repeat
 * visit into a copy.
 *
 * Each response still gets its own CSP nonce: the cached page is kept cut where its render's nonce
 * was (16 random bytes in base64, so it occurs nowhere else) and each response puts its own there.
 * A page is compressed once, when a client first takes gzip, not per response (filled-body.ts).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { requireFreshReads } from '@/server/identity/fresh-reads';
import { visitorLanguageKey } from '@/server/i18n/request-locale';
import { contentGeneration, visitorCacheMaxAgeMs } from './visitor-cache';
import { isCurrent, type VoteReach } from './changes';
import { Copies } from './sweep';
import { FilledBody, cutAt } from './filled-body';

const LIMITS = { entries: 300, bytes: 32 * 1024 * 1024 };
const MAX_BODY_BYTES = 1024 * 1024;
/** `/`, `/b/<board>` and `/p/<number>[-slug]`, with any query string. */
const CACHEABLE_PATH = /^\/(?:b\/[a-z0-9-]{1,40}\/?|p\/\d{1,9}(?:-[^/]*)?)?$/;
/** The post list and search, with any query string: read by visitors much as the board page is. */
const CACHEABLE_API_PATH = '/api/v1/posts';
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'content-security-policy',
  'vary',
]);

interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The body as bytes, cut where the nonce of its render was (none in a JSON answer). */
  body: FilledBody;
  bytes: number;
  generation: number;
  reach: VoteReach;
  at: number;
}

const KEY = Symbol.for('chorus.page-cache');
type WithCache = typeof globalThis & { [KEY]?: Copies<CachedPage> };
const pages = (): Copies<CachedPage> => ((globalThis as WithCache)[KEY] ??= new Copies('page-cache', LIMITS, visitorCacheMaxAgeMs));

/**
 * The cache key of a request whose page may be served from (or kept in) the cache, or null.
 * `personal`: the request carries a session cookie, or its browser has just written (the
 * recent-write cookie), so it must be rendered fresh.
 */
export function pageCacheKey(req: IncomingMessage, personal: boolean): string | null {
  // A credential of any kind (an API key in Authorization) makes the answer someone's own.
  if (req.method !== 'GET' || personal || req.headers.authorization !== undefined || visitorCacheMaxAgeMs() === 0) return null;
  const url = req.url ?? '/';
  if (url.split('?')[0] === CACHEABLE_API_PATH) return url;
  // A page is in its reader's language: copies are kept per language (src/server/i18n/request-locale.ts).
  return isCacheablePath(url) ? `${visitorLanguageKey(req)}|${url}` : null;
}

export const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** Sends a kept page with this response's own bytes in its cuts, gzipped when the client takes gzip (filled-body.ts). */
export function sendFilled(res: ServerResponse, status: number, page: FilledBody, fills: Buffer[], gzip: boolean): void {
  const body = gzip ? page.gzip(fills) : page.join(fills);
  res.setHeader('vary', 'Accept-Encoding');
  if (gzip) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', body.length);
  res.statusCode = status;
  res.end(body);
}

/** The page cache's paths: `/`, `/b/<board>` and `/p/<number>[-slug]` (any query string). */
export const isCacheablePath = (url: string) => CACHEABLE_PATH.test(url.split('?')[0] ?? '/');

/**
 * Which votes an answer of the page cache (or a shared render) shows, from its URL (changes.ts):
 * a board page, and the post list of one board, that board's; a post page, that post's; the
 * home page, and lists and searches across boards, any post's.
 */
export function voteReachOfUrl(url: string): VoteReach {
  const [path = '/', search = ''] = url.split('?');
  const board = /^\/b\/([a-z0-9-]{1,40})\/?$/.exec(path);
  if (board) return { board: board[1]! };
  const post = /^\/p\/(\d{1,9})(?:-[^/]*)?$/.exec(path);
  if (post) return { post: Number(post[1]) };
  if (path === CACHEABLE_API_PATH) {
    const slug = new URLSearchParams(search).get('board');
    if (slug) return { board: slug };
  }
  return 'any';
}

/** Answers from the cache when it holds a current copy; returns whether it did. */
export function serveCachedPage(key: string, req: IncomingMessage, res: ServerResponse, nonce: string): boolean {
  const page = pages().current(key);
  if (!page) return false;
  // Headers this response already has (security headers, its request id) are its own and win.
  for (const [name, value] of Object.entries(page.headers)) if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value);
  const nonceBytes = Buffer.from(nonce);
  sendFilled(
    res,
    page.status,
    page.body,
    page.body.parts.slice(1).map(() => nonceBytes),
    acceptsGzip(req),
  );
  return true;
}

/**
 * Records the page Next.js renders for this request, to serve it again. The request is rendered
 * uncompressed (the stored copy must be text to take a new nonce).
 */
export function capturePage(key: string, req: IncomingMessage, res: ServerResponse, nonce: string): void {
  delete req.headers['accept-encoding'];
  // Rendered from a fresh read, so the copy is never older than its own `at`.
  requireFreshReads(req);
  const generation = contentGeneration();
  const reach = voteReachOfUrl(req.url ?? '/');
  const at = Date.now();
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size <= MAX_BODY_BYTES) chunks.push(buf);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  res.once('finish', () => {
    const type = String(res.getHeader('content-type') ?? '');
    if (
      res.statusCode !== 200 ||
      !(type.startsWith('text/html') || type.startsWith('application/json')) ||
      res.getHeader('set-cookie') !== undefined ||
      res.getHeader('content-encoding') !== undefined
    )
      return;
    if (size > MAX_BODY_BYTES || !isCurrent({ generation, reach })) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_RESPONSE.has(name.toLowerCase())) headers[name] = value;
    const body = new FilledBody(cutAt(Buffer.concat(chunks), Buffer.from(nonce)));
    pages().set(key, { status: 200, headers, body, bytes: body.keptBytes, generation, reach, at });
  });
}
