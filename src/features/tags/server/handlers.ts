import { z } from 'zod';
import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { tagInput, tagUpdateInput } from '../schema';
import { createTag, deleteTagAs, listTags, updateTagAs } from './service';

const tagIdParams = z.object({ id: z.uuid({ message: 'Not a tag id' }) });

/** GET /api/v1/tags (anyone who may read the workspace), POST (admins). */
export const tagsRoute = route('/api/v1/tags', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    handle: async ({ actor }) => json({ items: await listTags(actor) }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: tagInput,
    handle: async ({ actor, body, ip }) => json(await createTag(actor, body, ip), 201),
  }),
});

/** PATCH /api/v1/tags/[id] (rename, recolour) and DELETE (removes it from its posts). Admins. */
export const tagRoute = route('/api/v1/tags/{id}', {
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: tagIdParams,
    body: tagUpdateInput,
    handle: async ({ actor, query, body, ip }) => json(await updateTagAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: tagIdParams,
    handle: async ({ actor, query, ip }) => json(await deleteTagAs(actor, query.id, ip)),
  }),
});
