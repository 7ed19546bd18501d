import { z } from 'zod';
import { canAdminister, canModerate } from '@/core/identity/policy';
import { postParams } from '@/features/posts/schema';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { postTagsInput, tagInput, tagUpdateInput } from '../schema';
import { createTag, deleteTagAs, listTags, setPostTags, updateTagAs } from './service';

const tagIdParams = z.object({ id: z.uuid({ message: 'Not a tag id' }) });

/** GET /api/v1/tags (anyone who may read the workspace), POST (admins). */
export const tagsRoute = route({
  GET: endpoint({
    authorize: anyone,
    handle: async ({ actor }) => json({ items: await listTags(actor) }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    body: tagInput,
    handle: async ({ actor, body, ip }) => json(await createTag(actor, body, ip), 201),
  }),
});

/** PATCH /api/v1/tags/[id] (rename, recolour) and DELETE (removes it from its posts). Admins. */
export const tagRoute = route({
  PATCH: endpoint({
    authorize: canAdminister,
    query: tagIdParams,
    body: tagUpdateInput,
    handle: async ({ actor, query, body, ip }) => json(await updateTagAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    query: tagIdParams,
    handle: async ({ actor, query, ip }) => json(await deleteTagAs(actor, query.id, ip)),
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
