/**
 * Signed-in people's public pages (`/`, `/b/[board]`, `/p/[number]`), wherever copies are kept:
 * the shared render of their audience with their personal payload (src/lib/personal.ts: their
 * name, avatar and votes), whenever their page differs from nobody's of the audience in nothing else:
 *
 *  - no pending post of their own (lists show it to its author alone);
 *  - for members with a private board granted to them (nobody has one): only a public
 *    board's page, or the page of a post on a public board (their home page lists the private
 *    board too);
 *  - on a post page, nothing of theirs on it that only they see (their post or a comment of
 *    theirs awaiting approval). The controls their own post and comments bring (Edit, Delete,
 *    why editing has closed) are drawn hidden in the shared render, and their payload names
 *    theirs (src/lib/personal-own.ts). Otherwise the team's pages depend on the role, not on the
 *    person: admins may edit and delete anyone's content, moderators anyone's but admins'.
 *
 * Anyone else, and anyone whose browser has just written, gets their page rendered in full.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '@/config/env';
import { isTeamMember } from '@/core/identity/policy';
import { wroteOnPost } from '@/features/comments/server/service';
import { authorControlsOn } from '@/composition/post/author-controls';
import { isPostOnPublicBoard, isPublicBoard, readerFactsOf } from '@/features/posts/server/list-service';
import { votedAmong } from '@/features/votes/server/service';
import { readSessionToken } from '@/server/identity/cookies';
import type { UserActor } from '@/server/identity/actor';
import { acceptsGzip, isCacheablePath, sendFilled } from '@/server/cache/page-cache';
import { keptFor } from '@/server/cache/visitor-cache';
import { audienceOf, sharedPage, sharedPageKey, sharesRenders, voteButtonsOf } from '@/server/cache/shared-render';
import { fillableOf, fillsOf, payloadOf } from '@/server/cache/personal-payload';
import { loadShellContext } from '@/server/page/shell-context';
import { requestLocale } from '@/server/i18n/request-locale';
import { viewerOf } from '@/server/page/with-shell';

const POST_PATH = /^\/p\/(\d{1,9})(?:-[^/]*)?$/;
const BOARD_PATH = /^\/b\/([a-z0-9-]{1,40})\/?$/;

/** With diagnostics on, `x-chorus-render: full` asks for the full render (tests compare the two). */
const fullRenderAsked = (req: IncomingMessage) => env().CHORUS_DIAGNOSTIC_ROUTES && req.headers['x-chorus-render'] === 'full';

/** Whether this request may be answered by `serveSharedPage` (cheap: no I/O). */
export function mayShareRender(req: IncomingMessage): boolean {
  return (
    req.method === 'GET' &&
    // False inside readFreshly (src/server/cache/visitor-cache.ts): a browser that has just written
    // gets its page rendered for it.
    sharesRenders() &&
    readSessionToken(req) !== undefined &&
    isCacheablePath(req.url ?? '/') &&
    !fullRenderAsked(req)
  );
}

type PublicPage = { kind: 'home' } | { kind: 'board'; slug: string } | { kind: 'post'; number: number };

function pageOf(url: string): PublicPage {
  const path = url.split('?')[0] ?? '/';
  const post = POST_PATH.exec(path)?.[1];
  if (post !== undefined) return { kind: 'post', number: Number(post) };
  const board = BOARD_PATH.exec(path)?.[1];
  return board !== undefined ? { kind: 'board', slug: board } : { kind: 'home' };
}

/**
 * Whether the person's page is their audience's shared render with their payload: null if not,
 * else the `data-own` slots of their author controls on it.
 */
async function sharesWithAudience(actor: UserActor, page: PublicPage): Promise<string[] | null> {
  const facts = await readerFactsOf(actor.id);
  if (facts.ownPending) return null;
  if (!isTeamMember(actor) && facts.grantedBoards) {
    if (page.kind === 'home') return null;
    const isPublic = page.kind === 'board' ? await isPublicBoard(page.slug) : await isPostOnPublicBoard(page.number);
    if (!isPublic) return null;
  }
  if (page.kind !== 'post') return [];
  const { number } = page;
  const wrote = await keptFor('anyone', `wrote:${actor.id}:${number}`, () => wroteOnPost(actor.id, number), 'none');
  return wrote ? authorControlsOn(actor, number) : [];
}

/**
 * Answers a signed-in person's request for a public page from the shared render of their
 * audience, making it from this request when there is none; false when this request must be
 * rendered in full instead (then nothing has been sent). `render` hands the request to Next.js.
 */
export async function serveSharedPage(req: IncomingMessage, res: ServerResponse, nonce: string, render: () => void): Promise<boolean> {
  const url = req.url ?? '/';
  const gzip = acceptsGzip(req);
  const { workspace, actor } = await loadShellContext(req, res);
  if (actor.kind !== 'user' || !workspace.setupDone) return false;
  const page = pageOf(url);
  const own = await sharesWithAudience(actor, page);
  if (!own) return false;
  const locale = requestLocale(req, actor, workspace.defaultLocale);
  const audience = audienceOf(actor, locale);
  const { page: shared, own: made } = await sharedPage(sharedPageKey(audience, url), audience, req, res, nonce, render, actor.id);
  if (made?.status === 0) return true; // the connection closed while the page was made
  // This request's own render is nobody's of the audience too, kept or not (a change came meanwhile, a 404 screen).
  const source = shared ?? (made ? { status: made.status, render: fillableOf(made.body, nonce), headers: {} } : null);
  if (!source) return false; // another request's render gave nothing to share: render this one
  const voted = await votedAmong(actor.id, shared?.votable ?? voteButtonsOf(made?.body ?? ''));
  const fills = fillsOf(source.render, payloadOf(viewerOf(actor)!, locale, [...voted], own), nonce);
  for (const [name, value] of Object.entries(source.headers)) if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value);
  res.removeHeader('etag');
  // With diagnostics on, tests can tell a shared render from a full one.
  if (env().CHORUS_DIAGNOSTIC_ROUTES) res.setHeader('x-chorus-render', 'shared');
  sendFilled(res, source.status, source.render.body, fills, gzip);
  return true;
}
