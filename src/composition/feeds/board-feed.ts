/**
 * `/b/[board]/feed.xml`: the newest posts of a public board as Atom. Read as a visitor whatever
 * cookie comes with the request, so a feed is the same for every reader and never carries what
 * only its requester may see: a private board, or any board of a workspace that requires
 * sign-in, answers 404. Archived boards stay readable, so their feeds stay too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BOARD_SLUG_PATTERN } from '@/features/boards/schema';
import { getVisibleBoard } from '@/features/boards/server/access-service';
import { listBoardFeedPosts } from '@/features/posts/server/feed-service';
import { paths } from '@/config/paths';
import { db } from '@/server/db/client';
import { keptFor } from '@/server/cache/visitor-cache';
import { AppError } from '@/server/http/errors';
import { VISITOR } from '@/server/identity/actor';
import { renderMarkdown } from '@/server/markdown/render';
import { latest, renderAtomFeed } from '@/server/feeds/atom';
import { markdownTreeToHtml } from '@/server/feeds/markdown-html';
import { ATOM_TYPE, acceptReadOnly, sendDocument, sendNotFound } from '@/server/feeds/respond';
import { openWorkspace, publicBase } from '@/server/feeds/site';

/** How many posts a board feed carries. */
export const BOARD_FEED_SIZE = 50;

async function visibleBoard(slug: string) {
  try {
    return await getVisibleBoard(db(), VISITOR, slug);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

export async function serveBoardFeed(req: IncomingMessage, res: ServerResponse, rawSlug: string): Promise<void> {
  if (!acceptReadOnly(req, res)) return;
  const slug = rawSlug.toLowerCase();
  // Rendering 50 bodies from Markdown is most of the cost: pollers get the visitors' copy while
  // nothing has changed (src/server/cache/visitor-cache.ts, the rule of the public pages).
  const xml = BOARD_SLUG_PATTERN.test(slug)
    ? await keptFor(VISITOR, `feed:board:${slug}`, () => boardFeedXml(slug), { board: slug })
    : null;
  if (xml === null) return sendNotFound(res);
  sendDocument(req, res, xml, ATOM_TYPE);
}

/** The feed document, or null when there is no such public board (or the workspace is closed). */
async function boardFeedXml(slug: string): Promise<string | null> {
  const workspace = await openWorkspace();
  const board = workspace ? await visibleBoard(slug) : null;
  if (!workspace || !board) return null;

  const base = publicBase();
  const origin = new URL(base).origin;
  const posts = await listBoardFeedPosts(VISITOR, board.id, BOARD_FEED_SIZE);
  return renderAtomFeed({
    id: `${base}${paths.board(board.slug)}`,
    title: `${board.name} · ${workspace.name}`,
    subtitle: board.description || undefined,
    selfUrl: `${base}${paths.boardFeed(board.slug)}`,
    pageUrl: `${base}${paths.board(board.slug)}`,
    updated: latest(
      posts.map((p) => p.updatedAt),
      board.updatedAt,
    ),
    authorName: workspace.name,
    entries: posts.map((p) => ({
      // The number never changes; the slug after it follows the title, so it stays out of the id.
      id: `${base}${paths.post(p.number)}`,
      title: p.title,
      url: `${base}${paths.post(p.number, p.slug)}`,
      published: p.createdAt,
      updated: p.updatedAt,
      authorName: p.authorName,
      contentHtml: markdownTreeToHtml(renderMarkdown(p.body), origin),
    })),
  });
}
