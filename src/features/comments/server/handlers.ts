import { isSignedIn } from '@/core/identity/policy';
import { postParams } from '@/features/posts/schema';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { commentInput, commentParams, commentUpdateInput } from '../schema';
import { createComment, deleteComment, listComments, updateComment } from './service';

/** SPEC.md §9: comments 60 per hour. */
const COMMENT_RATE = { name: 'comments', limit: 60, windowSeconds: 3600 };

/** GET (oldest first) and POST /api/v1/posts/[number]/comments. */
export const postCommentsRoute = route('/api/v1/posts/{number}/comments', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    query: postParams,
    handle: async ({ actor, query }) => json({ items: await listComments(actor, query.number) }),
  }),
  POST: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: postParams,
    body: commentInput,
    rateLimit: COMMENT_RATE,
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
    handle: async ({ actor, query, body, ip }) => json(await updateComment(actor, query.id, body.body, ip)),
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: commentParams,
    handle: async ({ actor, query, ip }) => {
      await deleteComment(actor, query.id, ip);
      return noContent();
    },
  }),
});
