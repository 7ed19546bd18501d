/**
 * Notifications' background work (joined in src/composition/background.ts):
 * - `notifications.event`, a consumer of the domain events it names (`notificationEvents`, listed
 *   in EVENT_CONSUMERS): who is told what, computed when the job runs, each recipient checked
 *   against what they may see;
 * - `notifications.digest`, one per person with email waiting (keyed `digest:<user>`): one email
 *   for everything that gathered during the digest window.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { extractMentionedUserIds } from '@/core/mentions';
import { paths } from '@/config/paths';
import { eventConsumer, type DomainEvent } from '@/server/events';
import type { DbOrTx } from '@/server/db/client';
import { jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import { getPublicWorkspace } from '@/server/workspace';
import type { NotificationKind } from '../enums';
import type { NotificationData } from '../schema';
import { notificationEmail } from './emails';
import { confirmationRequired, deliver, DIGEST_JOB_KIND, excerptOf } from './notify-service';
import {
  displayNameOf,
  findComment,
  findPost,
  findRecipient,
  findStatusChange,
  followersOf,
  peopleIn,
  subscribersOf,
  takePendingEmails,
  teamMembers,
  type CommentRow,
  type PostRow,
} from './queries';
import { createUnsubscribeToken } from './unsubscribe-token';

/** At most this many items are listed in one email; the rest are on /notifications. */
const MAX_DIGEST_ITEMS = 50;

/** The arguments of a headline about this post (headline.ts): user content, never part of the message. */
const about = (post: PostRow) => ({ title: post.title, number: post.number });

async function onPostStatusChanged(tx: DbOrTx, e: Extract<DomainEvent, { type: 'post.status_changed' }>) {
  const post = await findPost(tx, e.postId);
  const change = await findStatusChange(tx, e.statusChangeId);
  if (!post || post.deleted || !change) return;
  const actor = await displayNameOf(tx, e.actorId);
  const data: NotificationData = {
    message: 'statusChanged',
    who: actor ?? null,
    status: change.status_name ?? null,
    ...about(post),
    path: paths.post(post.number),
    excerpt: change.note ? excerptOf(change.note) : null,
  };
  await deliver(tx, {
    kind: 'status_changed',
    actorId: e.actorId,
    candidates: followersOf(post.id),
    postId: post.id,
    statusChangeId: e.statusChangeId,
    data,
  });
}

async function mentionsIn(tx: DbOrTx, post: PostRow, text: string, actorId: string | null, comment?: CommentRow): Promise<string[]> {
  const ids = extractMentionedUserIds(text);
  if (ids.length === 0) return ids;
  const actor = await displayNameOf(tx, actorId);
  await deliver(tx, {
    kind: 'mention',
    actorId,
    candidates: peopleIn(ids),
    postId: post.id,
    commentId: comment?.id,
    // An internal note mentions team members only.
    teamOnly: comment?.internal ?? false,
    data: {
      message: comment ? 'mentionInComment' : 'mention',
      who: actor ?? null,
      ...about(post),
      path: paths.post(post.number, undefined, comment?.id),
      excerpt: excerptOf(text),
    },
  });
  return ids;
}

/** A post that is public now: the team hears of it, and the people it mentions. */
async function onPostPublished(tx: DbOrTx, post: PostRow) {
  const actor = await displayNameOf(tx, post.author_id);
  await deliver(tx, {
    kind: 'team_new_post',
    actorId: post.author_id,
    candidates: teamMembers(),
    teamOnly: true,
    postId: post.id,
    data: {
      message: 'posted',
      who: actor ?? null,
      ...about(post),
      path: paths.post(post.number),
      excerpt: post.body ? excerptOf(post.body) : null,
    },
  });
  await mentionsIn(tx, post, post.body, post.author_id);
}

async function awaitingApproval(tx: DbOrTx, post: PostRow, actorId: string | null, comment?: CommentRow) {
  await deliver(tx, {
    kind: 'team_awaiting_approval',
    actorId,
    candidates: teamMembers(),
    teamOnly: true,
    postId: post.id,
    commentId: comment?.id,
    data: {
      message: comment ? 'awaitingComment' : 'awaitingPost',
      ...about(post),
      path: paths.adminInbox(),
      excerpt: excerptOf(comment ? comment.body : post.title),
    },
  });
}

/** An approved comment: its mentions, then the post's subscribers (those mentioned are told once, of the mention). */
async function onCommentPublished(tx: DbOrTx, post: PostRow, comment: CommentRow) {
  const mentioned = await mentionsIn(tx, post, comment.body, comment.author_id, comment);
  const actor = await displayNameOf(tx, comment.author_id);
  const subscribers = subscribersOf(post.id);
  await deliver(tx, {
    kind: 'comment',
    actorId: comment.author_id,
    candidates: mentioned.length
      ? sql`select user_id from (${subscribers}) s where s.user_id not in (${peopleIn(mentioned)})`
      : subscribers,
    postId: post.id,
    commentId: comment.id,
    // Internal notes reach the team only.
    teamOnly: comment.internal,
    data: {
      message: comment.internal ? 'internalNote' : 'comment',
      who: actor ?? null,
      ...about(post),
      path: paths.post(post.number, undefined, comment.id),
      excerpt: excerptOf(comment.body),
    },
  });
}

/** The events people are told of here (a changelog entry's: src/composition/changelog-notifications.ts; votes and merges: none). */
const NOTIFIED_EVENTS = ['post.status_changed', 'post.created', 'post.approval_decided', 'comment.created'] as const;
type NotifiedEvent = Extract<DomainEvent, { type: (typeof NOTIFIED_EVENTS)[number] }>;

async function onEvent(tx: DbOrTx, e: NotifiedEvent): Promise<void> {
  switch (e.type) {
    case 'post.status_changed':
      return onPostStatusChanged(tx, e);
    case 'post.created': {
      const post = await findPost(tx, e.postId);
      if (!post || post.deleted) return;
      if (post.approval === 'pending') return awaitingApproval(tx, post, e.actorId);
      if (post.approval === 'approved') return onPostPublished(tx, post);
      return;
    }
    case 'post.approval_decided': {
      const post = await findPost(tx, e.postId);
      if (!post || post.deleted || !post.author_id) return;
      await deliver(tx, {
        kind: 'approval',
        actorId: e.actorId,
        candidates: peopleIn([post.author_id]),
        // The author of a rejected post no longer sees it, and is still told.
        postId: e.approval === 'approved' ? post.id : undefined,
        data: {
          message: e.approval === 'approved' ? 'approved' : 'rejected',
          ...about(post),
          path: e.approval === 'approved' ? paths.post(post.number) : null,
          excerpt: null,
        },
      });
      // The team saw it while it waited; now the people it mentions hear of it.
      if (e.approval === 'approved') await mentionsIn(tx, post, post.body, post.author_id);
      return;
    }
    case 'comment.created': {
      const comment = await findComment(tx, e.commentId);
      const post = await findPost(tx, e.postId);
      if (!comment || comment.deleted || !post || post.deleted) return;
      if (comment.approval === 'pending') return awaitingApproval(tx, post, comment.author_id, comment);
      if (comment.approval === 'approved') return onCommentPublished(tx, post, comment);
      return;
    }
  }
}

const sendDigest = jobHandler(z.object({ userId: z.uuid() }), async ({ userId }, { tx, afterCommit }) => {
  const recipient = await findRecipient(tx, userId, await confirmationRequired(tx));
  const items = await takePendingEmails(tx, userId);
  if (!recipient?.eligible || items.length === 0) return;
  const kinds = [...new Set(items.map((i) => i.kind))] as NotificationKind[];
  const shown = items.slice(0, MAX_DIGEST_ITEMS).map((i) => ({ data: i.data as NotificationData }));
  if (items.length > MAX_DIGEST_ITEMS) {
    const count = items.length - MAX_DIGEST_ITEMS;
    shown.push({ data: { message: 'more', count, path: '/notifications', excerpt: null } });
  }
  const workspace = await getPublicWorkspace(tx);
  const token = await createUnsubscribeToken(tx, { userId, kinds });
  // In the recipient's language: their own setting, else the workspace default.
  const locale = recipient.locale ?? workspace.defaultLocale;
  await enqueueEmail(notificationEmail({ to: recipient.email, workspace, items: shown, unsubscribeToken: token, locale }), tx);
  afterCommit(kickEmailDelivery);
});

export const notificationEvents = eventConsumer({
  jobKind: 'notifications.event',
  types: NOTIFIED_EVENTS,
  handle: (event, { tx }) => onEvent(tx, event),
});

export const notificationJobs: JobHandlers = { [DIGEST_JOB_KIND]: sendDigest };
