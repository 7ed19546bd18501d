/** Everything /p/[number] shows, read in few statements and rendered to safe Markdown trees. */
import { presentPerson } from '@/core/identity/person';
import { asc, sql } from 'drizzle-orm';
import { env } from '@/config/env';
import { isTeamMember, canParticipate } from '@/core/identity/policy';
import { commentControls, postControls } from './author-controls';
import { shippedIn } from '@/features/changelog/server/service';
import { listCommentRows, toComment } from '@/features/comments/server/service';
import { db } from '@/server/db/client';
import { keptFor } from '@/server/cache/visitor-cache';
import { statuses, tags } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { renderMarkdown } from '@/server/markdown/render';
import { showCurrentMentionNames } from '@/features/mentions/server/service';
import { showAttachedImages } from '@/features/attachments/server/service';
import type { CommentRefusalCode, PostPageProps } from './post-page-types';
import { postSlug } from '@/features/posts/schema';
import { votingClosedCode } from '@/features/posts/server/access-service';
import { authorOf, loadPost, toPostDetail } from '@/features/posts/server/service';
import { listTeamMates } from '@/features/members/server/service';
import { getPriorityWeights } from '@/features/posts/server/priority-service';
import { etaFromStored, teamPropertiesOf } from '@/features/posts/server/properties-service';

const VOTER_LIMIT = 20;

/** Why there is no comment form, as a code the page words in the reader's language (post.commentRefusal.*). */
function commentRefusal(actor: Actor, ctx: Awaited<ReturnType<typeof loadPost>>['ctx']): CommentRefusalCode | null {
  if (ctx.post.mergedIntoId) return 'merged';
  const open = canParticipate(actor, { posting: ctx.board.posting, archived: ctx.board.archivedAt !== null });
  if (open === 'unauthenticated') return 'signIn';
  if (open === 'forbidden') return ctx.board.archivedAt ? 'archived' : 'teamOnly';
  return null;
}

export async function loadPostPage(actor: Actor, number: number): Promise<PostPageProps> {
  const team = isTeamMember(actor);
  const { ctx, extras } = await loadPost(db(), actor, number, VOTER_LIMIT);
  const post = toPostDetail(ctx, extras);
  const [commentRows, statusRows, tagRows, shipped, members, weights] = await Promise.all([
    listCommentRows(db(), actor, ctx.post.id),
    // The team's status and tag pickers: the same for everyone (remembered on the embedded database).
    team
      ? keptFor(
          'anyone',
          'statuses',
          () =>
            db()
              .select({ id: statuses.id, slug: statuses.slug, name: statuses.name, color: statuses.color, category: statuses.category })
              .from(statuses)
              .orderBy(asc(statuses.position), asc(statuses.name)),
          'none',
        )
      : [],
    team
      ? keptFor(
          'anyone',
          'tags',
          () =>
            db()
              .select({ id: tags.id, name: tags.name, color: tags.color })
              .from(tags)
              .orderBy(asc(sql`lower(${tags.name})`)),
          'none',
        )
      : [],
    shippedIn(ctx.post.id),
    team ? listTeamMates() : [],
    team ? getPriorityWeights() : null,
  ]);
  const eta = etaFromStored(ctx.post.eta, ctx.post.etaPrecision);
  const refusedComment = commentRefusal(actor, ctx);

  const page: PostPageProps = {
    post,
    eta,
    bodyDoc: renderMarkdown(post.body),
    canonicalUrl: `${env().PUBLIC_URL}/p/${post.number}${post.slug ? `-${post.slug}` : ''}`,
    history: extras.history.map((h) => ({
      id: Number(h.id),
      from: h.from,
      to: h.to,
      by: h.by ? authorOf(h.by, h.by.avatarUrl) : null,
      noteDoc: h.note.trim() ? renderMarkdown(h.note) : null,
      createdAt: new Date(h.createdAt).toISOString(),
    })),
    voters: extras.voters.map((v) => ({
      ...presentPerson(v),
      votedAt: new Date(v.votedAt).toISOString(),
      ...(team ? { castBy: v.castBy } : {}),
    })),
    shippedIn: shipped,
    duplicates: extras.duplicates.map((d) => ({ number: d.number, title: d.title, slug: postSlug(d.title) })),
    comments: commentRows.map((row) => {
      const c = toComment(row, post.number);
      const owned = { authorId: row.comment.authorId, authorRole: row.author?.role ?? null, createdAt: row.comment.createdAt };
      return { ...c, bodyDoc: c.body === null ? null : renderMarkdown(c.body), ...commentControls(actor, owned, c.deleted) };
    }),
    viewer: {
      ...postControls(actor, ctx),
      canComment: refusedComment === null,
      commentRefusal: refusedComment,
      votingClosedReason: votingClosedCode(ctx),
      isTeam: team,
    },
    team:
      team && weights ? { properties: teamPropertiesOf(ctx.post, members), statuses: statusRows, tags: tagRows, members, weights } : null,
  };
  await showCurrentMentionNames([page.bodyDoc, ...page.history.map((h) => h.noteDoc), ...page.comments.map((c) => c.bodyDoc)]);
  // An uploaded image shows in the text it was attached with (and so with that text's visibility).
  await showAttachedImages([
    { doc: page.bodyDoc, postId: ctx.post.id, commentId: null },
    ...page.comments.map((c) => ({ doc: c.bodyDoc, postId: ctx.post.id, commentId: c.id })),
  ]);
  return page;
}
