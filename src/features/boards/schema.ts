import { z } from 'zod';
import { BOARD_POSTING, BOARD_VISIBILITY } from './enums';

export { BOARD_POSTING, BOARD_VISIBILITY } from './enums';

/**
 * Words a board slug may not take: they are, or may become, top-level paths or path segments
 * next to `/b/[board]` (SPEC.md §5).
 */
export const RESERVED_BOARD_SLUGS = [
  'new',
  'admin',
  'api',
  'b',
  'p',
  'edit',
  'settings',
  'login',
  'logout',
  'signup',
  'setup',
  'roadmap',
  'changelog',
  'docs',
  'feed',
  'feed-xml',
  'rss',
  'search',
  'static',
  'public',
  'assets',
  '_next',
  'privacy',
  'unsubscribe',
  'all',
  'boards',
  'posts',
  'help',
  'status',
  'health',
  'sitemap',
  'robots',
  'reorder',
] as const;

export const BOARD_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export const boardSlugSchema = z
  .string({ message: 'Enter a slug' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter a slug')
  .max(40, 'Slugs are at most 40 characters')
  .regex(BOARD_SLUG_PATTERN, 'Use lower-case letters, digits and inner hyphens, like feature-requests')
  .refine((s) => !(RESERVED_BOARD_SLUGS as readonly string[]).includes(s), 'This word is reserved; choose another slug');

export const boardNameSchema = z
  .string({ message: 'Enter a name' })
  .trim()
  .min(2, 'Use at least 2 characters')
  .max(50, 'Use at most 50 characters');
export const boardDescriptionSchema = z.string().trim().max(500, 'Descriptions are at most 500 characters');

/** Suggests a slug from a board name: ASCII letters and digits joined by single hyphens. */
export function slugify(text: string, max = 40): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return s;
}

export const boardInput = z.object({
  name: boardNameSchema,
  slug: boardSlugSchema,
  description: boardDescriptionSchema.default(''),
  visibility: z.enum(BOARD_VISIBILITY, { message: 'Choose who can see the board' }).default('public'),
  posting: z.enum(BOARD_POSTING, { message: 'Choose who can post' }).default('members'),
  /** Members granted a private board (ignored for public boards). */
  grantedUserIds: z.array(z.uuid()).max(500).default([]),
});
export type BoardInput = z.infer<typeof boardInput>;

/**
 * A partial change. Built from the field schemas, not `boardInput.partial()`: zod fills a
 * `.default()` even inside `.partial()`, so a PATCH of one field would reset the others.
 */
export const boardUpdateInput = z.object({
  name: boardNameSchema.optional(),
  slug: boardSlugSchema.optional(),
  description: boardDescriptionSchema.optional(),
  visibility: z.enum(BOARD_VISIBILITY, { message: 'Choose who can see the board' }).optional(),
  posting: z.enum(BOARD_POSTING, { message: 'Choose who can post' }).optional(),
  grantedUserIds: z.array(z.uuid()).max(500).optional(),
  archived: z.boolean().optional(),
});
export type BoardUpdateInput = z.infer<typeof boardUpdateInput>;

export const boardReorderInput = z.object({ ids: z.array(z.uuid()).min(1).max(200) });

export const boardParams = z.object({ board: z.string().min(1).max(60).describe('The board’s slug.') });

/** A board as anyone who may see it receives it. */
export const boardSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    visibility: z.enum(BOARD_VISIBILITY),
    posting: z.enum(BOARD_POSTING),
    archived: z.boolean(),
    position: z.number().int(),
    postCount: z.number().int(),
  })
  .meta({ id: 'Board' });
export type Board = z.infer<typeof boardSchema>;
export const boardListSchema = z.object({ items: z.array(boardSchema) });
/** A board without its post count (the board page's header). */
export type BoardHeader = Omit<Board, 'postCount'>;

/** What admins see in addition: who a private board is granted to. */
export const adminBoardSchema = boardSchema
  .extend({
    grantedMembers: z.array(z.object({ id: z.uuid(), displayName: z.string(), email: z.string() })),
  })
  .meta({ id: 'AdminBoard' });
/** A board as GET /api/v1/boards/[board] answers it: admins also receive its granted members (the more specific first). */
export const boardAnswerSchema = z.union([adminBoardSchema, boardSchema]);
export type AdminBoard = z.infer<typeof adminBoardSchema>;
