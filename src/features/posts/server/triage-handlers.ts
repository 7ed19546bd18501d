import { canModerate } from '@/core/identity/policy';
import { postTagsInput } from '@/features/tags/schema';
import { endpoint, json, route } from '@/server/http/route';
import { postParams, postStatusInput } from '../schema';
import { changePostStatus, setPostTags } from './triage-service';

/** POST /api/v1/posts/[number]/status {statusId, note}: the team moves a post to a status. */
export const postStatusRoute = route({
  POST: endpoint({
    authorize: canModerate,
    query: postParams,
    body: postStatusInput,
    handle: async ({ actor, query, body, ip }) => json(await changePostStatus(actor, query.number, body, ip)),
  }),
});

/** PUT /api/v1/posts/[number]/tags {tagIds}: the team replaces a post's tags (at most 10). */
export const postTagsRoute = route({
  PUT: endpoint({
    authorize: canModerate,
    query: postParams,
    body: postTagsInput,
    handle: async ({ actor, query, body }) => json(await setPostTags(actor, query.number, body.tagIds)),
  }),
});
