import { z } from 'zod';
import { emailSchema, displayNameSchema } from '@/features/accounts/schema';
import { externalIdSchema, onBehalfOfSchema } from '@/features/members/schema';

/** A moderator votes for a customer by email (SPEC.md §1, §3). */
export const voteOnBehalfInput = z.object({
  email: emailSchema,
  /** Used only when the person has no account yet; empty means "from the email address". */
  displayName: z.union([z.literal('').transform(() => undefined), displayNameSchema]).optional(),
  /** API keys only: the customer's id in the integrator's system, matched before the email. */
  externalId: externalIdSchema.optional(),
});
export type VoteOnBehalfInput = z.infer<typeof voteOnBehalfInput>;

/** PUT /api/v1/posts/[number]/vote: no body, or (API keys) the customer to vote for. */
export const voteInput = z.object({ onBehalfOf: onBehalfOfSchema.optional() }).strict().optional();

export const voteStateSchema = z.object({ voted: z.boolean(), voteCount: z.number().int() });
export type VoteState = z.infer<typeof voteStateSchema>;

export const voterSchema = z.object({
  id: z.uuid().nullable(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  votedAt: z.string(),
  /** The team member who cast the vote on this person's behalf, or `API key “name”` (team only). */
  castBy: z.string().nullable().optional(),
  /**
   * The voter's company, as the host product last named it in an identify token, with its
   * monthly revenue in cents (null when not given); null when none (team only).
   */
  company: z.object({ name: z.string(), monthlyRevenueCents: z.number().int().nullable() }).nullable().optional(),
});
export type Voter = z.infer<typeof voterSchema>;

/** GET /api/v1/posts/[number]/votes: voters newest first, a page at a time. */
export const voterListQuery = z.object({
  cursor: z.string().trim().max(200).optional().describe('Where the page starts: the `nextCursor` of the page before.'),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('How many voters a page holds (1–100; 50 when left out).'),
});
export type VoterListQuery = z.infer<typeof voterListQuery>;
export const voterPageSchema = z.object({ items: z.array(voterSchema), nextCursor: z.string().nullable(), voteCount: z.number().int() });
export type VoterPage = z.infer<typeof voterPageSchema>;

/** The answer to a vote on someone's behalf: the vote state and who it was cast for. */
export const voteOnBehalfResultSchema = voteStateSchema.extend({
  voter: z.object({ id: z.uuid(), displayName: z.string(), created: z.boolean() }),
});
export type VoteOnBehalfResult = z.infer<typeof voteOnBehalfResultSchema>;

/** A post's merge state after a merge or unmerge (SPEC.md §4). */
export const mergedPostStateSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  voteCount: z.number().int(),
  /** Null when not merged; number and title are null when the post it was merged into is hidden from the caller. */
  mergedInto: z
    .union([z.object({ number: z.number().int(), title: z.string() }), z.object({ number: z.null(), title: z.null() })])
    .nullable(),
});
/**
 * `target` is the post merged into (or unmerged from); null when an unmerge found nothing merged,
 * or unmerged from a post hidden from the caller (deleted).
 */
export const mergeResultSchema = z.object({ post: mergedPostStateSchema, target: mergedPostStateSchema.nullable() });
export type MergeResult = z.infer<typeof mergeResultSchema>;
