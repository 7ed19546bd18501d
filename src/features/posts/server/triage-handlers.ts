import { canModerate } from '@/core/identity/policy';
import { postStatusResultSchema } from '@/features/statuses/schema';
import { postTagsInput } from '@/features/tags/schema';
import { endpoint, json, route } from '@/server/http/route';
import { postParams, postPropertiesInput, postStatusInput, postTagsSchema, teamPropertiesSchema } from '../schema';
import { setPostProperties } from './properties-service';
import { changePostStatus, setPostTags } from './triage-service';

/** POST /api/v1/posts/[number]/status {statusId, note}: the team moves a post to a status. */
export const postStatusRoute = route('/api/v1/posts/{number}/status', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    body: postStatusInput,
    summary: 'Change a post’s status',
    description:
      'The team moves a post to a status, with an optional public note (Markdown) that its voters and subscribers are told ' +
      'of. Answers the status and the history entry written; the same status again without a note changes nothing (`change` null).',
    response: postStatusResultSchema,
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
    summary: 'Set a post’s tags',
    description: 'The team replaces the post’s tags with the listed ones (at most 10, each an existing tag). Answers the tags now.',
    response: postTagsSchema,
    handle: async ({ actor, query, body, ip }) => json(await setPostTags(actor, query.number, body.tagIds, ip)),
  }),
});

/** PATCH /api/v1/posts/[number]/properties {ownerId?, eta?, impact?, effort?}: the team's properties; null clears one. */
export const postPropertiesRoute = route('/api/v1/posts/{number}/properties', {
  PATCH: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    body: postPropertiesInput,
    summary: 'Set a post’s team properties',
    description:
      'The team’s own properties of a post: its owner (a moderator or admin), when it is expected (a month or a quarter), ' +
      'impact and effort (1 to 5). Fields left out stay; null clears one. Answers every property and the priority they give.',
    response: teamPropertiesSchema,
    handle: async ({ actor, query, body, ip }) => json(await setPostProperties(actor, query.number, body, ip)),
  }),
});
