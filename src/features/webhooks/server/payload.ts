/**
 * The generic payload of each webhook event (docs/integrations.md, "Webhooks"): `{ id, type,
 * createdAt, data }`, where `data` holds what a visitor of the subject's board could see. A post
 * or comment that waits for approval goes out when approved, as `post.created` /
 * `comment.created`; a rejected one never goes out.
 */
import { createHash } from 'node:crypto';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { mentionsToPlainText } from '@/core/mentions';
import type { DbOrTx } from '@/server/db/client';
import type { DomainEvent } from '@/server/events';
import type { WebhookEventType } from '../enums';
import {
  findPublishableComment,
  findPublishablePost,
  findPublishedEntry,
  findStatusChangeSubject,
  type PostSubjectRow,
} from './subject-queries';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType | 'webhook.test';
  createdAt: string;
  data: Record<string, unknown>;
}

/** An event to send, and whether it concerns a private board (then only to endpoints allowed private data). */
export interface OutgoingEvent {
  event: WebhookEvent;
  private: boolean;
}

const EXCERPT_LENGTH = 300;

/** Plain text of Markdown source (mention tokens as @Name), collapsed and cut. */
export function excerpt(markdown: string, max = EXCERPT_LENGTH): string {
  const flat = mentionsToPlainText(markdown).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const iso = (v: string | Date) => new Date(v).toISOString();
const absolute = (path: string) => `${env().PUBLIC_URL}${path}`;

/**
 * A stable event id for what must go out once although two events may announce it (a post
 * created already approved, or approved later): receivers that keep ids see it once.
 */
export function stableEventId(name: string): string {
  const h = createHash('sha256').update(`chorus-webhook:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function postData(post: PostSubjectRow) {
  return {
    number: post.number,
    title: post.title,
    excerpt: excerpt(post.body),
    url: absolute(paths.post(post.number)),
    board: { slug: post.board_slug, name: post.board_name },
    status: post.status_name ? { name: post.status_name, category: post.status_category } : null,
    voteCount: post.vote_count,
    commentCount: post.comment_count,
    author: post.author_name ? { name: post.author_name } : null,
    createdAt: iso(post.created_at),
  };
}

/** The event to send for a domain event, or null when nothing a visitor could see came of it. */
export async function outgoingEventFor(db: DbOrTx, e: DomainEvent, newId: () => string): Promise<OutgoingEvent | null> {
  const make = (type: WebhookEventType, data: Record<string, unknown>, isPrivate: boolean, id = newId()): OutgoingEvent => ({
    event: { id, type, createdAt: e.at, data },
    private: isPrivate,
  });
  switch (e.type) {
    case 'post.created':
    case 'post.approval_decided': {
      if (e.type === 'post.approval_decided' && e.approval !== 'approved') return null;
      const post = await findPublishablePost(db, e.postId);
      if (!post) return null;
      return make('post.created', { post: postData(post) }, post.board_private, stableEventId(`post.created:${post.id}`));
    }
    case 'comment.created': {
      const [post, comment] = await Promise.all([findPublishablePost(db, e.postId), findPublishableComment(db, e.commentId)]);
      if (!post || !comment) return null;
      const data = {
        post: postData(post),
        comment: {
          id: comment.id,
          excerpt: excerpt(comment.body),
          url: absolute(paths.post(post.number, undefined, comment.id)),
          author: comment.author_name ? { name: comment.author_name } : null,
          createdAt: iso(comment.created_at),
        },
      };
      return make('comment.created', data, post.board_private, stableEventId(`comment.created:${comment.id}`));
    }
    case 'post.status_changed': {
      const [post, change] = await Promise.all([findPublishablePost(db, e.postId), findStatusChangeSubject(db, e.statusChangeId)]);
      if (!post || !change) return null;
      const data = {
        post: postData(post),
        statusChange: { from: change.from_name, to: change.to_name, note: change.note ? excerpt(change.note, 1000) : null },
      };
      return make('post.status_changed', data, post.board_private);
    }
    case 'post.merged': {
      const [post, into] = await Promise.all([findPublishablePost(db, e.postId), findPublishablePost(db, e.intoPostId)]);
      if (!post) return null;
      const isPrivate = post.board_private || Boolean(into?.board_private);
      return make('post.merged', { post: postData(post), mergedInto: into ? postData(into) : null }, isPrivate);
    }
    case 'vote.created': {
      // Who voted is not shown to visitors: the event carries the post and its new count only.
      const post = await findPublishablePost(db, e.postId);
      if (!post) return null;
      return make('vote.created', { post: postData(post) }, post.board_private);
    }
    case 'changelog.published': {
      const entry = await findPublishedEntry(db, e.entryId);
      if (!entry) return null;
      const data = {
        entry: {
          title: entry.title,
          slug: entry.slug,
          label: entry.label,
          excerpt: excerpt(entry.body),
          url: absolute(paths.changelogEntry(entry.slug)),
          publishedAt: iso(entry.published_at),
        },
      };
      return make('changelog.published', data, entry.workspace_private);
    }
  }
}
