import { z } from 'zod';
import { ROLES } from '@/core/identity/roles';
import { displayNameSchema, emailSchema } from '@/features/accounts/schema';

/** A person's state as the team sees it (SPEC.md §4: active ⇄ banned; unverified until the email is confirmed). */
export const MEMBER_STATES = ['active', 'banned', 'unverified'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** SPEC.md §9: pages of 20, at most 100. */
export const MEMBERS_PAGE_SIZE = 20;

/** GET /api/v1/members: `q` matches name or email; `cursor` is the `nextCursor` of the previous page. */
export const memberListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search with at most 100 characters')
    .optional()
    .transform((q) => q || undefined)
    .describe('Only people whose name or email address contains this text.'),
  cursor: z.string().max(200).optional().describe('The `nextCursor` of the previous page.'),
  limit: z.coerce.number().int().min(1).max(100).default(MEMBERS_PAGE_SIZE).describe('People per page (1–100).'),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

/** The `[id]` of /api/v1/members/[id] routes. */
export const memberIdParams = z.object({ id: z.string().describe('The person’s id.') });

export const changeRoleInput = z.object({ role: z.enum(ROLES, { message: 'Choose a role' }) });

/** A person in the team's member list. Never carries a password or token hash. */
export const memberSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.enum(ROLES),
    state: z.enum(MEMBER_STATES),
    joinedAt: z.string(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

/** A page of the member list, newest first; `nextCursor` is null on the last page. */
export const memberPageSchema = z.object({ items: z.array(memberSchema), nextCursor: z.string().nullable() });
export type MemberPage = z.infer<typeof memberPageSchema>;

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
