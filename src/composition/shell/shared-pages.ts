/**
 * Signed-in people's public pages (`/`, `/b/[board]`, `/p/[number]`), wherever copies are kept:
 * a shared render of their audience filled with their name, avatar and votes
 * (src/server/cache/shared-render.ts), whenever their page differs from the audience's
 * placeholder person's in nothing else:
 *
 *  - no pending post of their own (lists show it to its author alone);
 *  - for members with a private board granted to them (the placeholder has none): only a public
 *    board's page, or the page of a post on a public board (their home page lists the private
 *    board too);
 *  - on a post page, members: neither the post nor any comment on it is theirs (their own
 *    content brings controls only they get). The team's pages depend on the role, not on the
 *    person: admins may edit and delete anyone's content, moderators anyone's but admins'.
 *
 * Anyone else, and anyone whose browser has just written, gets their page rendered in full.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '@/config/env';
import { isTeamMember } from '@/core/identity/policy';
import { wroteOnPost } from '@/features/comments/server/service';
import { isPostOnPublicBoard, isPublicBoard, readerFactsOf } from '@/features/posts/server/list-service';
import { votedAmong } from '@/features/votes/server/service';
import { readSessionToken } from '@/server/identity/cookies';
import type { UserActor } from '@/server/identity/actor';
import { acceptsGzip, isCacheablePath, sendHtml } from '@/server/cache/page-cache';
import { cachedForEveryone } from '@/server/cache/visitor-cache';
import {
  audienceOf,
  isUnfillable,
  markUnfillable,
  placeholders,
  sharedPage,
  sharedPageKey,
  sharesRenders,
} from '@/server/cache/shared-render';
import { fillTemplate, pageDataOf, votablePostNumbers, authorIdsOf } from '@/server/cache/template-fill';
import { loadShellContext } from '@/server/page/shell-context';
import { requestLocale } from '@/server/i18n/request-locale';
import { viewerOf } from '@/server/page/with-shell';
import { logger } from '@/server/log';

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

async function sharesWithAudience(actor: UserActor, page: PublicPage): Promise<boolean> {
  const facts = await readerFactsOf(actor.id);
  if (facts.ownPending) return false;
  if (isTeamMember(actor)) return true;
  if (facts.grantedBoards) {
    if (page.kind === 'home') return false;
    const isPublic = page.kind === 'board' ? await isPublicBoard(page.slug) : await isPostOnPublicBoard(page.number);
    if (!isPublic) return false;
  }
  if (page.kind !== 'post') return true;
  const { number } = page;
  const wrote = await cachedForEveryone(`wrote:${actor.id}:${number}`, () => wroteOnPost(actor.id, number), 'none');
  return !wrote;
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
  const post = page.kind === 'post' ? page.number : undefined;
  if (!(await sharesWithAudience(actor, page))) return false;
  const audience = audienceOf(actor, requestLocale(req, actor, workspace.defaultLocale));
  const key = sharedPageKey(audience, url);
  if (isUnfillable(key)) return false;

  const { page: shared, own } = await sharedPage(key, audience, req, res, nonce, render);
  if (own?.status === 0) return true; // the connection closed while the page was made
  const source = shared ?? (own ? { status: own.status, body: own.body, nonce, headers: {} } : null);
  if (!source) return false; // another request's render gave nothing to share: render this one
  const data = shared ? null : pageDataOf(source.body);
  const votable = shared?.votable ?? votablePostNumbers(data);
  const authors = shared?.authors ?? authorIdsOf(data);
  const voted = await votedAmong(actor.id, votable);
  // A member's own content appeared on the post while the page was made: it is not theirs to share.
  const theirs = post !== undefined && !isTeamMember(actor) && authors.has(actor.id);
  const html = theirs ? null : fillTemplate(source, placeholders(), { viewer: viewerOf(actor)!, voted }, nonce);
  if (html === null) {
    if (!theirs) {
      logger().error({ url, requestId: req.headers['x-request-id'] }, 'a shared render could not be filled; rendering in full');
      markUnfillable(key);
    }
    if (!own) return false;
    // This request's own render was the placeholder's: ask again, and get the full render.
    res.statusCode = 307;
    res.setHeader('location', url);
    res.setHeader('cache-control', 'no-store');
    res.end();
    return true;
  }
  for (const [name, value] of Object.entries(source.headers)) if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value);
  res.removeHeader('etag');
  // With diagnostics on, tests can tell a filled page from a full render.
  if (env().CHORUS_DIAGNOSTIC_ROUTES) res.setHeader('x-chorus-render', 'shared');
  sendHtml(res, source.status, html, gzip);
  return true;
}
