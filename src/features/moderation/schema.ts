import { z } from 'zod';
import { MAX_PAGE_SIZE, POST_APPROVAL, postApprovalInput } from '@/features/posts/schema';

/** A post in the triage inbox: enough to decide, with a link to the post. */
export const inboxPostSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  board: z.object({ slug: z.string(), name: z.string() }),
  author: z.object({ id: z.uuid().nullable(), displayName: z.string() }).nullable(),
  approval: z.enum(POST_APPROVAL),
  createdAt: z.string(),
});
export type InboxPost = z.infer<typeof inboxPostSchema>;

const section = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export const inboxSchema = z.object({
  pendingPosts: section(inboxPostSchema),
  untriagedPosts: section(inboxPostSchema),
});
export type Inbox = z.infer<typeof inboxSchema>;

const cursor = z.string().max(200).optional();
/** Each section pages on its own cursor; newest first. */
export const inboxQuery = z.object({
  pendingCursor: cursor.describe('The next page of posts awaiting approval: `pendingPosts.nextCursor` from an earlier answer.'),
  untriagedCursor: cursor.describe('The next page of posts without a status: `untriagedPosts.nextCursor` from an earlier answer.'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20).describe('Posts per section and page, 1 to 100.'),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

/** POST /api/v1/posts/[number]/approval: the post and the decision taken. */
export const postApprovalResultSchema = z.object({ number: z.number().int(), approval: postApprovalInput.shape.approval });
export type PostApprovalResult = z.infer<typeof postApprovalResultSchema>;
/** POST /api/v1/posts/[number]/pin: the post and whether it is pinned now. */
export const postPinResultSchema = z.object({ number: z.number().int(), pinned: z.boolean() });
export type PostPinResult = z.infer<typeof postPinResultSchema>;
