import { canModerate } from '@/core/identity/policy';
import { postTagsInput } from '@/features/tags/schema';
import { endpoint, json, route } from '@/server/http/route';
import { postParams, postPropertiesInput, postStatusInput } from '../schema';
import { setPostProperties } from './properties-service';
import { changePostStatus, setPostTags } from './triage-service';

/** POST /api/v1/posts/[number]/status {statusId, note}: the team moves a post to a status. */
export const postStatusRoute = route('/api/v1/posts/{number}/status', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    body: postStatusInput,
    handle: async ({ actor, query, body, ip }) => json(await changePostStatus(actor, query.number, body, ip)),
  }),
});

/** PUT /api/v1/posts/[number]/tags {tagIds}: the team replaces a post's tags (at most 10). */
export const postTagsRoute = route('/api/v1/posts/{number}/tags', {
  PUT: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    body: postTagsInput,
    handle: async ({ actor, query, body }) => json(await setPostTags(actor, query.number, body.tagIds)),
  }),
});

/** PATCH /api/v1/posts/[number]/properties {ownerId?, eta?, impact?, effort?}: the team's properties; null clears one. */
export const postPropertiesRoute = route('/api/v1/posts/{number}/properties', {
  PATCH: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    body: postPropertiesInput,
    handle: async ({ actor, query, body, ip }) => json(await setPostProperties(actor, query.number, body, ip)),
  }),
});
