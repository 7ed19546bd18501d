import { z } from 'zod';
import { API_KEY_SCOPES } from '@/core/identity/api-keys';

/** POST /api/v1/admin/api-keys: a name that says what uses the key, and its scope. */
export const apiKeyInput = z.object({
  name: z
    .string({ message: 'Enter a name' })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'Enter a name').max(80, 'Use at most 80 characters')),
  scope: z.enum(API_KEY_SCOPES, { message: 'Choose a scope' }),
});
export type ApiKeyInput = z.infer<typeof apiKeyInput>;

/** A key as admins see it in the list: never its secret. */
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The public start of the key (`chorus_…`), to recognise it. */
    prefix: z.string(),
    scope: z.enum(API_KEY_SCOPES),
    /** Who created it; null once that account is gone. */
    createdBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** The answer to creating a key: the only time its secret is ever shown. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
