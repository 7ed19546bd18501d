import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { tagDeletedSchema, tagInput, tagListSchema, tagParams, tagSchema, tagUpdateInput } from '../schema';
import { createTag, deleteTagAs, listTags, updateTagAs } from './service';

/** GET /api/v1/tags (anyone who may read the workspace), POST (admins). */
export const tagsRoute = route('/api/v1/tags', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    summary: 'List tags',
    description: 'Every tag by name, each with how many of the posts the caller may see carry it.',
    response: tagListSchema,
    handle: async ({ actor }) => json({ items: await listTags(actor) }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: tagInput,
    summary: 'Create a tag',
    description: 'Admins add a tag: a name (1 to 30 characters, unique regardless of case) and a colour. Answers 201 with the tag.',
    response: tagSchema,
    handle: async ({ actor, body, ip }) => json(await createTag(actor, body, ip), 201),
  }),
});

/** PATCH /api/v1/tags/[id] (rename, recolour) and DELETE (removes it from its posts). Admins. */
export const tagRoute = route('/api/v1/tags/{id}', {
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: tagParams,
    body: tagUpdateInput,
    summary: 'Change a tag',
    description: 'Admins rename or recolour a tag; fields left out stay. Answers the tag.',
    response: tagSchema,
    handle: async ({ actor, query, body, ip }) => json(await updateTagAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: tagParams,
    summary: 'Delete a tag',
    description: 'Admins delete a tag; the posts that carried it lose it. Answers the tag’s id and how many posts lost it.',
    response: tagDeletedSchema,
    handle: async ({ actor, query, ip }) => json(await deleteTagAs(actor, query.id, ip)),
  }),
});
