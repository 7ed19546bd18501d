import { z } from 'zod';
import { anyone } from '@/core/identity/policy';
import { endpoint, json } from '@/server/http/route';
import { POST_SORTS, postListQuery, postPageSchema } from '../schema';
import { listPosts } from './list-service';

/**
 * The list query with `sort` left unset when the caller did not choose one, so a search can
 * default to relevance (see list.ts); everything else is `postListQuery`.
 */
export const postListRequest = postListQuery.extend({
  sort: z
    .enum(POST_SORTS)
    .optional()
    .describe(
      'The order: trending (the default; pinned posts first on a board), top, new or updated. A search without one is ordered by relevance.',
    ),
});

/**
 * GET /api/v1/posts: one page of posts across the boards the caller may see, or of one board
 * (`board=`), sorted, filtered and searched; `nextCursor` fetches the next page.
 */
export const listPostsEndpoint = endpoint({
  authorize: anyone,
  apiKey: 'key',
  widget: true,
  errors: ['NOT_FOUND'],
  summary: 'List posts',
  description:
    'Posts of every board you may see, or of one (board=), 20 at a time (limit up to 100). sort: trending (pinned ' +
    'first on a board), top, new, updated; a search (q=, web-search syntax) without a sort is ordered by ' +
    'relevance and carries highlight runs. status= is a status slug, tag= a tag name. Pass nextCursor as cursor= for the next page.',
  query: postListRequest,
  response: postPageSchema,
  // On embedded PGlite a page of a list or a search is shared by everyone whose list is the
  // visitors' list, until anything changes (listPosts; src/server/cache).
  handle: async ({ actor, query }) => json(await listPosts(actor, query)),
});
