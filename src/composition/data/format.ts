/**
 * The workspace export file (`GET /api/v1/admin/export`, imported again by
 * `POST /api/v1/admin/import`): everything a workspace holds that moves with it, referring to
 * things by their natural keys (email, slug, post number, tag name) rather than database ids.
 * It never holds a secret: no password hash, session, emailed token, API key or signing key.
 */
import { z } from 'zod';
import { LOCALES, SOURCE_LOCALE } from '@/core/i18n/locales';
import { widgetOriginsSchema } from '@/features/widget/schema';
import { ROLES } from '@/core/identity/roles';
import { externalIdSchema } from '@/features/members/schema';
import { BOARD_POSTING, BOARD_VISIBILITY } from '@/features/boards/enums';
import { CHANGELOG_STATES } from '@/features/changelog/enums';
import { POST_APPROVAL } from '@/features/posts/enums';
import { STATUS_CATEGORIES } from '@/features/statuses/enums';
import { MODERATION_MODES, SIGNUP_POLICIES, THEMES, WORKSPACE_ACCESS } from '@/core/workspace';

export const EXPORT_FORMAT = 'chorus.workspace-export';
export const EXPORT_VERSION = 1;

const at = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)');
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'must be an email address' }));
const slug = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'must be a slug (a-z, 0-9, -)');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #aabbcc');
const postNumber = z.number().int().positive();

export const exportedMember = z.object({
  email,
  displayName: z.string().trim().min(1).max(50),
  role: z.enum(ROLES).default('member'),
  emailVerifiedAt: at.nullable().default(null),
  bannedAt: at.nullable().default(null),
  deletedAt: at.nullable().default(null),
  createdAt: at.optional(),
  /** Their id in the host product's system (identify tokens, API keys acting for customers). */
  externalId: externalIdSchema.nullable().default(null),
  /** Their company, by its id in the host product's system (`companies`). */
  company: externalIdSchema.nullable().default(null),
});

/** A customer's company, as the host product names it in identify tokens (docs/identify.md). */
export const exportedCompany = z.object({
  /** Its id in the host product's system. */
  id: externalIdSchema,
  name: z.string().trim().min(1).max(100),
  monthlyRevenueCents: z.number().int().nonnegative().max(1e14).nullable().default(null),
});

export const exportedPost = z.object({
  number: postNumber,
  board: slug,
  author: email.nullable(),
  title: z.string().trim().min(1).max(120),
  body: z.string().max(10_000).default(''),
  status: slug.nullable().default(null),
  tags: z.array(z.string().trim().min(1).max(30)).max(10).default([]),
  pinned: z.boolean().default(false),
  approval: z.enum(POST_APPROVAL).default('approved'),
  mergedInto: postNumber.nullable().default(null),
  createdAt: at.optional(),
  updatedAt: at.optional(),
  statusChangedAt: at.nullable().default(null),
  deletedAt: at.nullable().default(null),
});

export const exportedVote = z.object({
  post: postNumber,
  member: email,
  castBy: email.nullable().default(null),
  /** The duplicate a merge copied this vote from. */
  mergedFrom: postNumber.nullable().default(null),
  createdAt: at.optional(),
});

export const workspaceExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: at,
  workspace: z
    .object({
      name: z.string().trim().min(1).max(80),
      accentColor: color,
      defaultTheme: z.enum(THEMES),
      access: z.enum(WORKSPACE_ACCESS),
      signupPolicy: z.enum(SIGNUP_POLICIES),
      allowedDomains: z.array(z.string().max(253)).max(100),
      moderation: z.enum(MODERATION_MODES),
      // Both arrived after the format's first files, which lack them.
      defaultLocale: z.enum(LOCALES).default(SOURCE_LOCALE),
      widgetOrigins: widgetOriginsSchema.default([]),
    })
    .nullable()
    .default(null),
  companies: z.array(exportedCompany).default([]),
  members: z.array(exportedMember).default([]),
  statuses: z
    .array(
      z.object({
        slug,
        name: z.string().trim().min(1).max(30),
        color,
        category: z.enum(STATUS_CATEGORIES),
        position: z.number().int().default(0),
        onRoadmap: z.boolean().default(false),
      }),
    )
    .default([]),
  tags: z.array(z.object({ name: z.string().trim().min(1).max(30), color: color.default('#64748b') })).default([]),
  boards: z
    .array(
      z.object({
        slug,
        name: z.string().trim().min(2).max(50),
        description: z.string().max(1000).default(''),
        visibility: z.enum(BOARD_VISIBILITY).default('public'),
        posting: z.enum(BOARD_POSTING).default('members'),
        position: z.number().int().default(0),
        archivedAt: at.nullable().default(null),
        members: z.array(email).default([]),
      }),
    )
    .default([]),
  posts: z.array(exportedPost).default([]),
  votes: z.array(exportedVote).default([]),
  comments: z
    .array(
      z.object({
        post: postNumber,
        author: email.nullable(),
        body: z.string().min(1).max(5000),
        internal: z.boolean().default(false),
        approval: z.enum(POST_APPROVAL).default('approved'),
        createdAt: at.optional(),
        editedAt: at.nullable().default(null),
        deletedAt: at.nullable().default(null),
      }),
    )
    .default([]),
  statusChanges: z
    .array(
      z.object({
        post: postNumber,
        from: slug.nullable(),
        to: slug.nullable(),
        by: email.nullable(),
        note: z.string().max(5000).default(''),
        createdAt: at.optional(),
      }),
    )
    .default([]),
  subscriptions: z.array(z.object({ post: postNumber, member: email, subscribed: z.boolean().default(true) })).default([]),
  changelog: z
    .object({
      labels: z.array(z.object({ slug, name: z.string().trim().min(1).max(30), position: z.number().int().default(0) })).default([]),
      entries: z
        .array(
          z.object({
            slug,
            title: z.string().trim().min(4).max(120),
            body: z.string().max(50_000).default(''),
            label: slug,
            state: z.enum(CHANGELOG_STATES),
            publishedAt: at.nullable().default(null),
            author: email.nullable().default(null),
            posts: z.array(postNumber).default([]),
          }),
        )
        .default([]),
      subscribers: z.array(z.object({ member: email, subscribed: z.boolean().default(true) })).default([]),
    })
    .default({ labels: [], entries: [], subscribers: [] }),
}).meta({ id: 'WorkspaceExport' });

export type WorkspaceExport = z.output<typeof workspaceExport>;

/** Where an import comes from: a Chorus export, or a Canny or Fider CSV export. */
export const IMPORT_SOURCES = ['chorus', 'canny', 'fider'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** What an import wrote: people and boards created, and the rows of each kind taken in. */
export const importSummarySchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  members: z.number().int(),
  boards: z.number().int(),
  posts: z.number().int(),
  votes: z.number().int(),
  comments: z.number().int(),
  statusChanges: z.number().int(),
  changelogEntries: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
