import { showOwnImages } from '@/features/attachments/server/service';
import { isSignedIn } from '@/core/identity/policy';
import { renderMarkdown } from '@/server/markdown/render';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import {
  markdownPreviewInput,
  markdownPreviewSchema,
  newPostInput,
  postDetailSchema,
  postParams,
  postUpdateInput,
  similarPostListSchema,
  similarPostsQuery,
} from '../schema';
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
  summary: 'Create a post',
  description:
    'Posts on a board the caller may see and post on (not an archived board, nor a team-only one unless they are the team). ' +
    'Answers 201 with the post; with moderation on, `approval` says whether it awaits approval. An API key with the write or ' +
    'admin scope may send `onBehalfOf` to post as a customer.',
  response: postDetailSchema,
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
    summary: 'Read a post',
    description:
      'One post with its Markdown source, status, tags, counts and where it was merged. A post the caller may not see ' +
      '(a private board, pending or rejected, deleted) answers 404.',
    response: postDetailSchema,
    handle: async ({ actor, query }) => json(await getPostDetail(actor, query.number)),
  }),
  PATCH: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: postParams,
    body: postUpdateInput,
    summary: 'Edit a post',
    description:
      'Changes the title and/or body. Authors may edit for 30 minutes, until the team changes the status; moderators may ' +
      'edit any post but an admin’s, admins any. A merged post is read-only. Answers the post.',
    response: postDetailSchema,
    handle: async ({ actor, query, body, ip }) => json(await updatePost(actor, query.number, body, ip)),
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: postParams,
    summary: 'Delete a post',
    description:
      'Deletes the post (it is hidden, not erased). Authors may delete their own posts; moderators any but an admin’s, admins any.',
    response: null,
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
    summary: 'Suggest similar posts',
    description:
      'Posts the caller may see whose titles resemble `title`, best match first: shown while a new post’s title is typed, ' +
      'so that people vote instead of posting a duplicate.',
    response: similarPostListSchema,
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
    summary: 'Preview Markdown',
    description:
      'Renders Markdown (a post, comment or note being written) to the same safe tree the pages show: elements and plain ' +
      'text, never HTML. Visitors may preview too; it is limited per person, or per address for visitors.',
    response: markdownPreviewSchema,
    handle: async ({ body, actor }) => {
      const doc = renderMarkdown(body.body);
      // The writer's own uploads show as they will once saved.
      if (actor.kind === 'user') await showOwnImages(doc, actor.id);
      return json({ doc });
    },
  }),
});
