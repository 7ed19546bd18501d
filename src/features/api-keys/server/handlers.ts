import { z } from 'zod';
import { canAdminister } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { apiKeyInput, apiKeyListSchema, apiKeySchema, createdApiKeySchema } from '../schema';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

const apiKeyParams = z.object({ id: z.uuid({ message: 'Not an API key id' }).describe('The key’s id (not its secret or prefix).') });

/** GET /api/v1/admin/api-keys (the list, no secrets) and POST (create: the secret, once). Admins, signed in (never with a key). */
export const apiKeysRoute = route('/api/v1/admin/api-keys', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    summary: 'List the API keys',
    description: 'Every key, newest first, with its public prefix, scope, creator, last use and revocation. Secrets are never listed.',
    tags: ['API keys'],
    response: apiKeyListSchema,
    handle: async () => json({ items: await listApiKeys() }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    body: apiKeyInput,
    summary: 'Create an API key',
    description:
      'Answers the key with `secret`, the whole key: the only time it is shown (only its SHA-256 is stored). ' +
      'Only a signed-in admin can create keys; a key cannot.',
    tags: ['API keys'],
    response: createdApiKeySchema,
    handle: async ({ actor, body, ip }) => json(await createApiKey(actor, body, ip), 201),
  }),
});

/** DELETE /api/v1/admin/api-keys/[id]: revokes the key at once (it stays listed, as revoked). */
export const apiKeyRoute = route('/api/v1/admin/api-keys/{id}', {
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    query: apiKeyParams,
    summary: 'Revoke an API key',
    description:
      'The key stops working at once, on every instance. It stays in the list, marked revoked. Revoking twice is harmless. ' +
      'Answers the key as listed.',
    tags: ['API keys'],
    errors: ['NOT_FOUND'],
    response: apiKeySchema,
    handle: async ({ actor, query, ip }) => json(await revokeApiKey(actor, query.id, ip)),
  }),
});
