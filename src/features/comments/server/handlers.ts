import { isSignedIn } from '@/core/identity/policy';
import { postParams } from '@/features/posts/schema';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { commentInput, commentListSchema, commentParams, commentSchema, commentUpdateInput } from '../schema';
import { createComment, deleteComment, listComments, updateComment } from './service';

/** SPEC.md §9: comments 60 per hour. */
const COMMENT_RATE = { name: 'comments', limit: 60, windowSeconds: 3600 };

/** GET (oldest first) and POST /api/v1/posts/[number]/comments. */
export const postCommentsRoute = route('/api/v1/posts/{number}/comments', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    query: postParams,
    summary: 'List a post’s comments',
    description:
      'The comments of a post the caller may see, oldest first; internal notes only to the team. A deleted comment stays in ' +
      'its place with no body (`deleted` true).',
    response: commentListSchema,
    handle: async ({ actor, query }) => json({ items: await listComments(actor, query.number) }),
  }),
  POST: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: postParams,
    body: commentInput,
    rateLimit: COMMENT_RATE,
    summary: 'Comment on a post',
    description:
      'Adds a comment (Markdown) to a post the caller may see, unless its board is archived, team-only (for others than the ' +
      'team) or the post was merged. The team may write internal notes (`internal`). An API key with the write or admin scope ' +
      'may send `onBehalfOf` to comment as a customer. Answers 201 with the comment.',
    response: commentSchema,
    handle: async ({ actor, query, body, ip }) => json(await createComment(actor, query.number, body, ip), 201),
  }),
});

/** PATCH (edit within the window) and DELETE (soft) /api/v1/comments/[id]. */
export const commentRoute = route('/api/v1/comments/{id}', {
  PATCH: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: commentParams,
    body: commentUpdateInput,
    summary: 'Edit a comment',
    description:
      'Replaces a comment’s body. Authors may edit for 30 minutes; moderators may edit any comment but an admin’s, admins any. ' +
      'Answers the comment.',
    response: commentSchema,
    handle: async ({ actor, query, body, ip }) => json(await updateComment(actor, query.id, body.body, ip)),
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: commentParams,
    summary: 'Delete a comment',
    description:
      'Deletes a comment: it stays in the thread as deleted, without its body. Authors may delete their own; moderators any but ' +
      'an admin’s, admins any.',
    response: null,
    handle: async ({ actor, query, ip }) => {
      await deleteComment(actor, query.id, ip);
      return noContent();
    },
  }),
});
