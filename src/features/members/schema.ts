import { z } from 'zod';
import { ROLES } from '@/core/identity/roles';

/** A person's state as the team sees it (SPEC.md §4: active ⇄ banned; unverified until the email is confirmed). */
export const MEMBER_STATES = ['active', 'banned', 'unverified'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
export const MEMBER_STATE_LABELS: Record<MemberState, string> = { active: 'Active', banned: 'Banned', unverified: 'Unverified' };

/** SPEC.md §9: pages of 20, at most 100. */
export const MEMBERS_PAGE_SIZE = 20;

/** GET /api/v1/members: `q` matches name or email; `cursor` is the `nextCursor` of the previous page. */
export const memberListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search with at most 100 characters')
    .optional()
    .transform((q) => q || undefined),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MEMBERS_PAGE_SIZE),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

/** The `[id]` of /api/v1/members/[id] routes. */
export const memberIdParams = z.object({ id: z.string() });

export const changeRoleInput = z.object({ role: z.enum(ROLES, { message: 'Choose a role' }) });

/** A person in the team's member list. Never carries a password or token hash. */
export const memberSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  state: z.enum(MEMBER_STATES),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export interface MemberPage {
  items: Member[];
  nextCursor: string | null;
}
