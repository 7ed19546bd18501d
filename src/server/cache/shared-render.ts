/**
 * Shared renders: the public pages (`/`, `/b/[board]`, `/p/[number]`) rendered once for everyone
 * signed in with the same audience (role, whether their email is confirmed, whether they have a
 * picture, and the page's language), for nobody of that audience: no name, no email, no votes.
 * Each person gets the copy as it is, with their personal payload added (src/lib/personal.ts):
 * their name, avatar and votes, which a small script applies before first paint and the
 * browser's first render reads. Rendering a page is most of its cost; a shared copy costs a
 * session lookup, one query for the person's votes, and adding the payload.
 *
 * Kept on the terms of every other copy (visitor-cache.ts): the content generation changes with
 * every committed change, on PostgreSQL every instance's too, and a copy older than a change is
 * never used.
 *
 * Who may be given one is the caller's decision (src/composition/shell/shared-pages.ts): a person
 * whose page differs from nobody's of their audience only in what the payload carries.
 *
 * The copy is made by rendering the request of the first person who needs it as nobody of their
 * audience, with its output held back (the page is then sent to them with their payload);
 * requests for the same page meanwhile wait for it instead of rendering it again.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Role } from '@/core/identity/roles';
import type { Locale } from '@/core/i18n/locales';
import type { UserActor } from '@/server/identity/actor';
import { contentGeneration, keepsSharedCopies, visitorCacheMaxAgeMs } from './visitor-cache';
import { isCurrent, type VoteReach } from './changes';
import { voteReachOfUrl } from './page-cache';
import { Copies } from './sweep';
import { fillableOf, type Fillable } from './personal-payload';

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
  /** The render cut for each response's nonce and payload (personal-payload.ts). */
  render: Fillable;
  bytes: number;
  generation: number;
  reach: VoteReach;
  at: number;
  /** The posts whose vote button the page has (to look the person's votes up). */
  votable: number[];
}

interface State {
  /** Nobody's user id: random per process, so it is no one's (loaders use it in queries). */
  nobody: string;
  pages: Copies<SharedPage>;
  inFlight: Map<string, Promise<SharedPage | null>>;
  /** When each person last voted through this instance (their own votes are never shown behind). */
  voters: Map<string, number>;
}

// On globalThis: the server entry and the Next.js page bundles load this module separately.
const KEY = Symbol.for('chorus.shared-render');
type WithState = typeof globalThis & { [KEY]?: State };

function state(): State {
  const g = globalThis as WithState;
  g[KEY] ??= {
    nobody: randomUUID(),
    pages: new Copies('shared-render', LIMITS, visitorCacheMaxAgeMs),
    inFlight: new Map(),
    voters: new Map(),
  };
  return g[KEY];
}

/** Whether shared renders are used at all: only where copies are exact (see the top). */
export const sharesRenders = (): boolean => keepsSharedCopies();

/**
 * Nobody of an audience, as the page's loaders see them: no name, no email, no votes, no posts.
 * With a picture, an empty avatar URL: the header draws a picture still to come (components/ui/Avatar.tsx).
 */
export function audienceActor(audience: Audience): UserActor {
  return {
    kind: 'user',
    id: state().nobody,
    role: audience.role,
    displayName: '',
    email: '',
    emailVerified: audience.emailVerified,
    avatarUrl: audience.hasAvatar ? '' : null,
    locale: audience.locale,
    sessionHash: '',
  };
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
 * How far behind on votes a page may be while it is rendered again: a request that comes while
 * another makes the page gets the previous render instead of waiting, if that render is younger
 * than this and only votes have come since it started (never to the person who cast one of them).
 */
export const VOTES_BEHIND_MS = 1_000;

/** Call when a person's vote (cast or withdrawn) has committed through this instance. */
export function noteVoter(userId: string): void {
  const { voters } = state();
  const now = Date.now();
  if (voters.size >= 10_000) for (const [id, at] of voters) if (now - at >= VOTES_BEHIND_MS) voters.delete(id);
  voters.delete(userId);
  voters.set(userId, now);
}

/**
 * The current shared render of this page, made by rendering this request (`render` hands it to
 * the framework) as nobody of the audience when there is none and no other request is
 * making it. `own` is set when this request made it: its response then holds the framework's
 * headers, and what it rendered (also when that was no page to keep, such as a 404 screen).
 * `reader`: the person it is for, whose own votes it must show.
 */
export async function sharedPage(
  key: string,
  audience: Audience,
  req: IncomingMessage,
  res: ServerResponse,
  nonce: string,
  render: () => void,
  reader?: string,
): Promise<{ page: SharedPage | null; own?: Captured }> {
  const s = state();
  const hit = currentSharedPage(key);
  if (hit) return { page: hit };
  const pending = s.inFlight.get(key);
  if (pending) {
    // A render that started after the reader's last vote here shows it.
    const votedAt = reader === undefined ? undefined : s.voters.get(reader);
    const showsTheirVotes = (page: SharedPage) => votedAt === undefined || votedAt < page.at;
    // Another request is making it again after votes: the previous render, a moment behind.
    const behind = s.pages.behindOnVotes(key, VOTES_BEHIND_MS);
    if (behind && showsTheirVotes(behind)) return { page: behind };
    // Else wait for it, but never longer than a render may take; past that, this request is
    // rendered in full (the caller's fallback), so nobody waits without end.
    const page = await withinDeadline(pending, WAIT_FOR_OTHER_RENDER_MS);
    return { page: page && (isCurrent(page) || showsTheirVotes(page)) ? page : null };
  }

  const generation = contentGeneration();
  const reach = voteReachOfUrl(req.url ?? '/');
  const at = Date.now();
  const capture = holdBack(req, res, audience, render);
  // Requests stop waiting for this render when it ends, or once they would have given up on it
  // anyway (a render that never ends, or ends long after, holds nobody up past that).
  const turn: { settled?: Promise<SharedPage | null> } = {};
  const forget = () => {
    clearTimeout(giveUp);
    if (turn.settled && s.inFlight.get(key) === turn.settled) s.inFlight.delete(key);
  };
  const giveUp = setTimeout(forget, WAIT_FOR_OTHER_RENDER_MS);
  giveUp.unref();
  const made = capture
    .then((own): SharedPage | null => {
      const type = String(res.getHeader('content-type') ?? '');
      // Only votes may have come since it started (reach 'none' ignores them): see below.
      if (own.status !== 200 || !type.startsWith('text/html') || !isCurrent({ generation, reach: 'none' })) return null;
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_RESPONSE.has(name.toLowerCase())) headers[name] = value;
      const fillable = fillableOf(own.body, nonce);
      const page: SharedPage = {
        status: 200,
        headers,
        render: fillable,
        bytes: fillable.body.keptBytes,
        generation,
        reach,
        at,
        votable: voteButtonsOf(own.body),
      };
      // Served as current only while nothing it shows has changed (Copies.current). When only
      // votes it shows came meanwhile, it is still the page as of a moment ago: the requests that
      // waited for it get it, and so do those that come while it is made again, for up to
      // VOTES_BEHIND_MS, as if they had come a moment earlier (their own votes are in their
      // payload, read now, and nobody gets it behind their own vote). It spares each of them a
      // render of its own while people vote (issue 22). After any other change they render.
      s.pages.set(key, page);
      return page;
    })
    .finally(forget);
  turn.settled = made.catch(() => null);
  s.inFlight.set(key, turn.settled);
  return { page: await made, own: await capture };
}

const VOTE_BUTTON = /data-vote-post="(\d{1,9})"/g;

/** The posts a page has a vote button for (components mark each with `data-vote-post`). */
export function voteButtonsOf(html: string): number[] {
  return [...new Set(Array.from(html.matchAll(VOTE_BUTTON), (m) => Number(m[1])))];
}

/**
 * Renders the request as nobody of `audience`, holding the framework's output
 * back: its headers stay on `res` (unsent), its body is returned, and `res` can still be answered.
 */
function holdBack(req: IncomingMessage, res: ServerResponse, audience: Audience, render: () => void): Promise<Captured> {
  (req as Marked)[RENDERING] = audience;
  // The copy must be text (the payload is added to it), and never a 304 to an earlier copy.
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
    // A connection that closed while this request was on its way here has had its 'close' event
    // already: nothing would say that the render it is not waiting for ended.
    if (res.destroyed || req.socket.destroyed) return resolve({ status: 0, body: '' });
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
