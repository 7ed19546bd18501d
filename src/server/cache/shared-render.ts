/**
 * Shared renders: the public pages (`/`, `/b/[board]`, `/p/[number]`) rendered once for everyone
 * signed in with the same audience (role, whether their email is confirmed, whether they have a
 * picture), then filled per person with their name, avatar and votes (template-fill.ts). Rendering
 * a page is most of its cost; a filled copy costs a session lookup, one query for the person's
 * votes, and string work.
 *
 * Kept on the terms of every other copy (visitor-cache.ts): the content generation changes with
 * every committed change, on PostgreSQL every instance's too, and a copy older than a change is
 * never used.
 *
 * Who may be given one is the caller's decision (src/composition/shell/shared-pages.ts): a person
 * whose page differs from the placeholder's only in what filling puts in.
 *
 * The copy is made by rendering the request of the first person who needs it as the placeholder
 * person of their audience, with its output held back (the page is then filled and sent to them);
 * requests for the same page meanwhile wait for it instead of rendering it again.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Role } from '@/core/identity/roles';
import type { Locale } from '@/core/i18n/locales';
import type { Viewer } from '@/core/identity/viewer';
import type { UserActor } from '@/server/identity/actor';
import { contentGeneration, keepsSharedCopies, visitorCacheMaxAgeMs } from './visitor-cache';
import { isCurrent, type VoteReach } from './changes';
import { voteReachOfUrl } from './page-cache';
import { Copies, stringBytes } from './sweep';
import { authorIdsOf, makePlaceholders, pageDataOf, votablePostNumbers, type Placeholders } from './template-fill';

/** What a page may depend on besides its content, for everyone it is shared with. */
export interface Audience {
  role: Role;
  emailVerified: boolean;
  hasAvatar: boolean;
  /** The page's language: people reading in different languages never share a render. */
  locale: Locale;
}

/** `locale`: the person's page language (src/server/i18n/request-locale.ts). */
export const audienceOf = (actor: UserActor, locale: Locale): Audience => ({
  role: actor.role,
  emailVerified: actor.emailVerified,
  hasAvatar: actor.avatarUrl !== null,
  locale,
});

const audienceKey = (a: Audience) => `${a.role}:${a.emailVerified ? 'v' : 'u'}:${a.hasAvatar ? 'p' : 'n'}:${a.locale}`;

const LIMITS = { entries: 300, bytes: 32 * 1024 * 1024 };
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
  'etag',
  'set-cookie',
]);

export interface SharedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  bytes: number;
  nonce: string;
  generation: number;
  reach: VoteReach;
  at: number;
  /** The posts whose vote the page shows (to look the person's up). */
  votable: number[];
  /** Authors of the content on the page (a member's own content brings controls only they see). */
  authors: Set<string>;
}

interface State {
  placeholders: Placeholders;
  pages: Copies<SharedPage>;
  /** Pages that could not be filled exactly (a defect, logged), with the generation it was seen in. */
  unfillable: Map<string, number>;
  inFlight: Map<string, Promise<SharedPage | null>>;
}

// On globalThis: the server entry and the Next.js page bundles load this module separately.
const KEY = Symbol.for('chorus.shared-render');
type WithState = typeof globalThis & { [KEY]?: State };

/** 30 random digits (about 100 bits). */
const randomTag = () => Array.from({ length: 30 }, () => randomInt(10)).join('');

function state(): State {
  const g = globalThis as WithState;
  g[KEY] ??= {
    placeholders: makePlaceholders(randomTag(), randomUUID()),
    pages: new Copies('shared-render', LIMITS, visitorCacheMaxAgeMs),
    unfillable: new Map(),
    inFlight: new Map(),
  };
  return g[KEY];
}

export const placeholders = (): Placeholders => state().placeholders;

/** Whether shared renders are used at all: only where copies are exact (see the top). */
export const sharesRenders = (): boolean => keepsSharedCopies();

/** The placeholder person of an audience, as the page's loaders see them. */
export function placeholderActor(audience: Audience): UserActor {
  const ph = placeholders();
  return {
    kind: 'user',
    id: ph.id,
    role: audience.role,
    displayName: ph.name,
    email: ph.email,
    emailVerified: audience.emailVerified,
    avatarUrl: audience.hasAvatar ? ph.avatarUrl : null,
    locale: audience.locale,
    sessionHash: '',
  };
}

/** The placeholder person as the browser would see them, with their avatar's look as placeholders too. */
export function placeholderLook(): NonNullable<Viewer['avatarLook']> {
  const ph = placeholders();
  return { initials: ph.initials, background: ph.background };
}

const RENDERING = Symbol.for('chorus.shared-render.audience');
type Marked = IncomingMessage & { [RENDERING]?: Audience };

/** The audience whose shared render this request is making, if it is making one. */
export const sharedRenderAudience = (req: IncomingMessage): Audience | undefined => (req as Marked)[RENDERING];

export const sharedPageKey = (audience: Audience, url: string) => `${audienceKey(audience)}|${url}`;

/** The current shared render of this page for this audience, if there is one. */
export function currentSharedPage(key: string): SharedPage | undefined {
  return state().pages.current(key);
}

/**
 * Gives up on sharing this page until the content changes: it could not be filled exactly (a
 * component derived something from the placeholder person), so everyone gets it rendered in full.
 */
export function markUnfillable(key: string): void {
  const s = state();
  s.pages.delete(key);
  if (s.unfillable.size >= LIMITS.entries) s.unfillable.delete(s.unfillable.keys().next().value as string);
  s.unfillable.set(key, contentGeneration());
}

/** Whether this page was found unfillable since the content last changed. */
export function isUnfillable(key: string): boolean {
  const seen = state().unfillable.get(key);
  return seen !== undefined && isCurrent({ generation: seen, reach: voteReachOfUrl(key.slice(key.indexOf('|') + 1)) });
}

/** How long a request waits for another's render of the same page before it renders its own. */
export const WAIT_FOR_OTHER_RENDER_MS = 5_000;

/** `work`'s value, or null once `ms` have passed without one. */
export function withinDeadline<T>(work: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What a render held back from its response: the page as the framework answered it. */
export interface Captured {
  /** 0 when the connection closed before the framework answered. */
  status: number;
  body: string;
}

/**
 * The current shared render of this page, made by rendering this request (`render` hands it to
 * the framework) as the audience's placeholder person when there is none and no other request is
 * making it. `own` is set when this request made it: its response then holds the framework's
 * headers, and what it rendered (also when that was no page to keep, such as a 404 screen).
 */
export async function sharedPage(
  key: string,
  audience: Audience,
  req: IncomingMessage,
  res: ServerResponse,
  nonce: string,
  render: () => void,
): Promise<{ page: SharedPage | null; own?: Captured }> {
  const s = state();
  const hit = currentSharedPage(key);
  if (hit) return { page: hit };
  const pending = s.inFlight.get(key);
  // Another request is making it: wait for it, but never longer than a render may take; past
  // that, this request is rendered in full (the caller's fallback), so nobody waits without end.
  if (pending) return { page: await withinDeadline(pending, WAIT_FOR_OTHER_RENDER_MS) };

  const generation = contentGeneration();
  const reach = voteReachOfUrl(req.url ?? '/');
  const at = Date.now();
  const capture = holdBack(req, res, audience, render);
  const made = capture.then((own): SharedPage | null => {
    const type = String(res.getHeader('content-type') ?? '');
    if (own.status !== 200 || !type.startsWith('text/html') || !isCurrent({ generation, reach })) return null;
    const data = pageDataOf(own.body);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_RESPONSE.has(name.toLowerCase())) headers[name] = value;
    const page: SharedPage = {
      status: 200,
      headers,
      body: own.body,
      bytes: stringBytes(own.body),
      nonce,
      generation,
      reach,
      at,
      votable: votablePostNumbers(data),
      authors: authorIdsOf(data),
    };
    s.pages.set(key, page);
    return page;
  });
  const settled = made.catch(() => null);
  s.inFlight.set(key, settled);
  void settled.finally(() => s.inFlight.delete(key));
  return { page: await made, own: await capture };
}

/**
 * Renders the request as the placeholder person of `audience`, holding the framework's output
 * back: its headers stay on `res` (unsent), its body is returned, and `res` can still be answered.
 */
function holdBack(req: IncomingMessage, res: ServerResponse, audience: Audience, render: () => void): Promise<Captured> {
  (req as Marked)[RENDERING] = audience;
  // The copy must be text (it is filled), and never a 304 to an earlier copy.
  delete req.headers['accept-encoding'];
  delete req.headers['if-none-match'];
  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
    );
  };
  return new Promise<Captured>((resolve) => {
    res.flushHeaders = () => undefined;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = rest.find((r) => typeof r === 'object' && r !== null) as OutgoingHttpHeaders | undefined;
      for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
      return res;
    }) as ServerResponse['writeHead'];
    // A writer that waits for its chunk to be taken (a callback argument) is told at once: the
    // chunk is kept, and nothing must hold the render up.
    const taken = (args: unknown[]) => {
      const done = args.find((a) => typeof a === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      taken(rest);
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      taken([chunk, ...rest]);
      Object.assign(res, original);
      resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') });
      return res;
    }) as ServerResponse['end'];
    res.once('close', () => resolve({ status: 0, body: '' }));
    render();
  });
}
