import { showOwnImages } from '@/features/attachments/server/service';
import { isSignedIn } from '@/core/identity/policy';
import { renderMarkdown } from '@/server/markdown/render';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { markdownPreviewInput, newPostInput, postParams, postUpdateInput, similarPostsQuery } from '../schema';
import { createPost, deletePost, findSimilarPosts, getPostDetail, updatePost } from './service';
import { listPostsEndpoint } from './list-handlers';

/** SPEC.md §9: posts 10 per hour per user. */
const POST_RATE = { name: 'posts', limit: 10, windowSeconds: 3600 };

/**
 * POST /api/v1/posts {board, title, body, onBehalfOf?}: 201 with the post (its `approval` says
 * whether it awaits moderation). `onBehalfOf` is for API keys with the write or admin scope.
 */
export const createPostEndpoint = endpoint({
  authorize: isSignedIn,
  apiKey: 'key',
  widget: true,
  errors: ['NOT_FOUND'],
  body: newPostInput,
  rateLimit: POST_RATE,
  handle: async ({ actor, body, ip }) => json(await createPost(actor, body, ip), 201),
});

/** /api/v1/posts: GET lists (list-handlers.ts), POST creates. */
export const postsRoute = route('/api/v1/posts', { GET: listPostsEndpoint, POST: createPostEndpoint });

/** GET, PATCH and DELETE /api/v1/posts/[number] (`42` or `42-any-slug`). */
export const postRoute = route('/api/v1/posts/{number}', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    widget: true,
    query: postParams,
    handle: async ({ actor, query }) => json(await getPostDetail(actor, query.number)),
  }),
  PATCH: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: postParams,
    body: postUpdateInput,
    handle: async ({ actor, query, body, ip }) => json(await updatePost(actor, query.number, body, ip)),
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: postParams,
    handle: async ({ actor, query, ip }) => {
      await deletePost(actor, query.number, ip);
      return noContent();
    },
  }),
});

/** GET /api/v1/posts/similar?title=&board=: suggestions while a title is typed (rate-limited generously). */
export const similarPostsRoute = route('/api/v1/posts/similar', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    widget: true,
    query: similarPostsQuery,
    rateLimit: { name: 'similar-posts', limit: 240, windowSeconds: 60 },
    handle: async ({ actor, query }) => json({ items: await findSimilarPosts(actor, query) }),
  }),
});

/**
 * POST /api/v1/markdown/preview {body} → {doc}: the same safe tree the pages render. Visitors
 * write drafts too, so they may preview (limited per IP).
 */
export const markdownPreviewRoute = route('/api/v1/markdown/preview', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'key',
    body: markdownPreviewInput,
    rateLimit: { name: 'markdown-preview', limit: 120, windowSeconds: 60 },
    handle: async ({ body, actor }) => {
      const doc = renderMarkdown(body.body);
      // The writer's own uploads show as they will once saved.
      if (actor.kind === 'user') await showOwnImages(doc, actor.id);
      return json({ doc });
    },
  }),
});
