import { z } from 'zod';
import { emailSchema, displayNameSchema } from '@/features/accounts/schema';

/** A moderator votes for a customer by email (SPEC.md §1, §3). */
export const voteOnBehalfInput = z.object({
  email: emailSchema,
  /** Used only when the person has no account yet. */
  displayName: displayNameSchema.optional(),
});
export type VoteOnBehalfInput = z.infer<typeof voteOnBehalfInput>;

export const voteStateSchema = z.object({ voted: z.boolean(), voteCount: z.number().int() });
export type VoteState = z.infer<typeof voteStateSchema>;

export const voterSchema = z.object({
  id: z.uuid().nullable(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  votedAt: z.string(),
  /** The team member who cast the vote on this person's behalf (team only). */
  castBy: z.string().nullable().optional(),
});
export type Voter = z.infer<typeof voterSchema>;

export const subscriptionStateSchema = z.object({ subscribed: z.boolean() });
export const subscriptionInput = z.object({ subscribed: z.boolean() });
