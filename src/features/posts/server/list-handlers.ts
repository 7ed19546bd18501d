import { z } from 'zod';
import { anyone } from '@/server/http/actor';
import { endpoint, json, route } from '@/server/http/route';
import { POST_SORTS, postListQuery } from '../schema';
import { listPosts } from './list';

/**
 * The list query with `sort` left unset when the caller did not choose one, so a search can
 * default to relevance (see list.ts); everything else is `postListQuery`.
 */
export const postListRequest = postListQuery.extend({ sort: z.enum(POST_SORTS).optional() });

/**
 * GET /api/v1/posts: one page of posts across the boards the caller may see, or of one board
 * (`board=`), sorted, filtered and searched; `nextCursor` fetches the next page.
 */
export const listPostsEndpoint = endpoint({
  authorize: anyone,
  query: postListRequest,
  handle: async ({ actor, query }) => json(await listPosts(actor, query)),
});

export const postsListRoute = route({ GET: listPostsEndpoint });
