/**
 * Posts for the crawler-facing documents: a board's newest posts for its Atom feed, and the
 * posts the sitemap lists. Both read exactly what the actor's lists show (the composition
 * passes the visitor), so a pending, rejected, deleted or merged post, or one on a board the
 * actor cannot see, is never included.
 */
import { presentPerson } from '@/core/identity/person';
import { db } from '@/server/db/client';
import type { Actor } from '@/server/identity/actor';
import { postSlug } from '../schema';
import { selectBoardFeedPosts, selectListedPostUrls } from './feed-queries';

export interface FeedPost {
  number: number;
  slug: string;
  title: string;
  /** Markdown, as written. */
  body: string;
  createdAt: Date;
  updatedAt: Date;
  /** "Deleted user" for a deleted account. */
  authorName: string;
}

/** The board's newest listed posts, newest first. The caller has checked the actor may see the board. */
export async function listBoardFeedPosts(actor: Actor, boardId: string, limit: number): Promise<FeedPost[]> {
  const rows = await selectBoardFeedPosts(db(), actor, boardId, limit);
  return rows.map((r) => ({
    number: r.number,
    slug: postSlug(r.title),
    title: r.title,
    body: r.body,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    authorName: presentPerson(r.authorId ? { id: r.authorId, displayName: r.authorName, deleted: r.authorDeleted } : null).displayName,
  }));
}

export interface PostUrl {
  number: number;
  slug: string;
  /** Last activity: an edit, a comment, a status change. */
  lastActivityAt: Date;
}

/** The listed posts on every board the actor may see, newest first, at most `limit`. */
export async function listPostUrls(actor: Actor, limit: number): Promise<PostUrl[]> {
  const rows = await selectListedPostUrls(db(), actor, limit);
  return rows.map((r) => ({ number: r.number, slug: postSlug(r.title), lastActivityAt: r.activityAt }));
}
