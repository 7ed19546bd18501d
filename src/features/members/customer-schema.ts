import { z } from 'zod';
import { displayNameSchema, emailSchema } from '@/features/accounts/schema';

/** The customer's id in the integrator's own system: any text, kept as sent (trimmed). */
export const externalIdSchema = z
  .string({ message: 'Give the external id as text' })
  .trim()
  .min(1, 'Give an external id, or leave it out')
  .max(200, 'External ids are at most 200 characters')
  .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'External ids cannot contain control characters');

/**
 * `onBehalfOf` (API keys with the write or admin scope only): the customer who becomes the author
 * or voter. Found by `externalId` first, then by `email`; created as a member (no password, email
 * unverified) when there is none, as the moderators' "vote on behalf" does.
 */
export const onBehalfOfSchema = z
  .object({
    email: emailSchema,
    /** Used only when the customer has no account yet; default: the email address's local part. */
    name: displayNameSchema.optional(),
    externalId: externalIdSchema.optional(),
  })
  .strict()
  .meta({ description: 'The customer this is done for (API keys with the write or admin scope only).' });
export type OnBehalfOf = z.infer<typeof onBehalfOfSchema>;
