/**
 * The one Drizzle pg-core schema, shared by PGlite and PostgreSQL.
 * Features add their tables here; migrations are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AUTH_TOKEN_KINDS } from '@/server/identity/lifetimes';
import { ROLES } from '@/core/identity/roles';
import { SSO_PROVIDERS } from '@/features/accounts/enums';
import { API_KEY_SCOPES } from '@/core/identity/api-keys';
import { BOARD_POSTING, BOARD_VISIBILITY } from '@/features/boards/enums';
import { ETA_PRECISIONS, POST_APPROVAL } from '@/features/posts/enums';
import { STATUS_CATEGORIES } from '@/features/statuses/enums';
import { CHANGELOG_STATES } from '@/features/changelog/enums';
import { ATTACHMENT_KINDS } from '@/features/attachments/enums';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_FORMATS } from '@/features/webhooks/enums';
import { MODERATION_MODES, SIGNUP_POLICIES, THEMES, WORKSPACE_ACCESS, EMAIL_CONFIRMATION_MODES } from '@/core/workspace';
import { LOCALES } from '@/core/i18n/locales';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The single workspace of an install: always exactly one row, id 1. */
export const workspaceSettings = pgTable(
  'workspace_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull().default('Chorus'),
    /** The logo's URL (an uploaded branding image, /api/v1/branding/…), or null. */
    logoUrl: text('logo_url'),
    /** The favicon's URL prefix (an uploaded branding image), or null for Chorus's own. */
    faviconUrl: text('favicon_url'),
    /** Whether the footer says "Powered by Chorus". */
    showPoweredBy: boolean('show_powered_by').notNull().default(true),
    accentColor: text('accent_color').notNull().default('#6d28d9'),
    publicUrl: text('public_url'),
    defaultTheme: text('default_theme', { enum: THEMES }).notNull().default('system'),
    /** The language of pages and emails for whoever has no setting and whose browser asks for none of ours. */
    defaultLocale: text('default_locale', { enum: LOCALES }).notNull().default('en'),
    access: text('access', { enum: WORKSPACE_ACCESS }).notNull().default('public'),
    signupPolicy: text('signup_policy', { enum: SIGNUP_POLICIES }).notNull().default('open'),
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    moderation: text('moderation', { enum: MODERATION_MODES }).notNull().default('off'),
    /**
     * The origins (`https://app.example.com`) of the host products that may embed the widget's
     * panel (its `frame-ancestors`) and talk to it through postMessage (docs/widget.md). Empty:
     * nobody may frame it.
     */
    widgetOrigins: text('widget_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether sign-up needs a confirmed email (`auto`: only when SMTP is configured). */
    emailConfirmation: text('email_confirmation', { enum: EMAIL_CONFIRMATION_MODES }).notNull().default('auto'),
    analytics: jsonb('analytics').$type<Record<string, unknown>>().notNull().default({}),
    /** Weights of the priority formula (src/features/posts/README.md, "Prioritisation"); read by the posts_priority trigger. */
    priorityWeights: jsonb('priority_weights')
      .$type<{ votes: number; impact: number; effort: number }>()
      .notNull()
      .default({ votes: 1, impact: 1, effort: 0.5 }),
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
    /** Whether people may sign in with a password (and emailed links); off = single sign-on only (docs/sso.md). */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('workspace_settings_single_row', sql`${t.id} = 1`),
    check('workspace_settings_accent_color', sql`${t.accentColor} ~ '^#[0-9a-fA-F]{6}$'`),
    check('workspace_settings_default_locale', sql.raw(`default_locale in (${LOCALES.map((l) => `'${l}'`).join(', ')})`)),
  ],
);

/** Who did what to which thing, with the values before and after (SPEC.md §3). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    /** The API key the action was taken with, if any (no foreign key: the log outlives its keys' rows). */
    apiKeyId: uuid('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** A person: member, moderator or admin (SPEC.md §3). Email is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** argon2id; null for accounts that sign in by email link only. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    notificationPrefs: jsonb('notification_prefs').$type<Record<string, boolean>>().notNull().default({}),
    /** The customer's id in an integrator's own system (API keys acting for customers; identify SSO). */
    externalId: text('external_id'),
    /** The customer's company, as the host product last named it in an identify token (src/features/identify). */
    companyId: uuid('company_id').references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
    /** Their language for pages and emails; null: chosen per request, emails in the workspace default. */
    locale: text('locale', { enum: LOCALES }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
    uniqueIndex('users_external_id_key')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('users_role_idx').on(t.role),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('member', 'moderator', 'admin')`),
    check('users_locale_valid', sql.raw(`locale in (${LOCALES.map((l) => `'${l}'`).join(', ')})`)),
  ],
);

/**
 * Single sign-on providers an admin configured (docs/sso.md). The client secret is sealed with
 * CHORUS_SECRET_KEY (src/server/crypto/secret-box.ts) and never leaves the server.
 */
export const ssoProviders = pgTable('sso_providers', {
  id: text('id', { enum: SSO_PROVIDERS }).primaryKey(),
  label: text('label').notNull(),
  /** The OpenID Connect issuer (discovery); null for GitHub, whose endpoints are fixed. */
  issuer: text('issuer'),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  scopes: text('scopes').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The last time an admin signed in through this provider: needed before password sign-in can be turned off. */
  adminSignInAt: timestamp('admin_sign_in_at', { withTimezone: true }),
  ...timestamps,
});

/** Which account a provider's subject (`sub`, or GitHub's user id) signs in to. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    provider: text('provider', { enum: SSO_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * API keys (SPEC.md §3, §7): only the SHA-256 of the whole key is kept (keys are 190+ random
 * bits, so a slow hash adds nothing), with its public prefix. Resolved on every request by
 * `secret_hash`, so a revocation holds at once on every instance.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The public part of the key (`chorus_<id>`), shown in lists. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scope: text('scope', { enum: API_KEY_SCOPES }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    index('api_keys_created_idx').on(t.createdAt.desc()),
    check('api_keys_scope_valid', sql`${t.scope} in ('read', 'write', 'admin')`),
  ],
);

/** Server-side sessions; only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The embedded widget's sessions (docs/widget.md): made from an identify token, held in the
 * panel's memory and sent as `Authorization: Bearer`, never a cookie. Only the SHA-256 of the
 * token is kept, like sessions; short-lived and not sliding.
 */
export const widgetSessions = pgTable(
  'widget_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('widget_sessions_user_idx').on(t.userId), index('widget_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Single-use emailed tokens (verification, reset, magic link, invitation, email change,
 * unsubscribe); only their SHA-256 is stored, each with its expiry.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: AUTH_TOKEN_KINDS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_expires_idx').on(t.expiresAt)],
);

/** Every email (and later webhook) delivery: what, to whom, and how it went. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['email', 'webhook'] })
      .notNull()
      .default('email'),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<{ text: string; html: string; headers?: Record<string, string> }>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    index('outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Durable background work (src/server/jobs): one row per job, claimed by one instance at a time
 * (`FOR UPDATE SKIP LOCKED`, then a lease in `run_at`), deleted when its handler has committed.
 * A row left with `attempts = max_attempts` failed for good and stays for the operator to read.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** When the job is next due: the enqueue time, a retry's backoff, or the end of a claim's lease. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lastError: text('last_error'),
    /**
     * Set for work that must be queued once (a digest per person, an entry's scheduled publishing):
     * a second enqueue with the key is a no-op while the first waits.
     */
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.attempts} < ${t.maxAttempts}`),
    uniqueIndex('jobs_key_idx')
      .on(t.key)
      .where(sql`${t.key} is not null`),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Boards (SPEC.md §3). Archived boards stay readable and take nothing new. */
export const boards = pgTable(
  'boards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: BOARD_VISIBILITY }).notNull().default('public'),
    posting: text('posting', { enum: BOARD_POSTING }).notNull().default('members'),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('boards_slug_key').on(t.slug),
    check('boards_visibility_valid', sql`${t.visibility} in ('public', 'private')`),
    check('boards_posting_valid', sql`${t.posting} in ('members', 'team')`),
  ],
);

/** Members granted a private board. */
export const boardMembers = pgTable(
  'board_members',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.userId] }), index('board_members_user_idx').on(t.userId)],
);

/** Statuses (SPEC.md §3); the defaults are inserted by the migration. Names are unique without regard to case. */
export const statuses = pgTable(
  'statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    category: text('category', { enum: STATUS_CATEGORIES }).notNull(),
    position: integer('position').notNull().default(0),
    onRoadmap: boolean('on_roadmap').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('statuses_slug_key').on(t.slug),
    uniqueIndex('statuses_name_key').on(sql`lower(${t.name})`),
    check('statuses_category_valid', sql`${t.category} in ('open', 'planned', 'in_progress', 'done', 'closed')`),
    check('statuses_color_valid', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/** Tags (SPEC.md §3): names unique without regard to case. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#64748b'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`), check('tags_color_valid', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`)],
);

/**
 * Posts (SPEC.md §3). `number` is sequential and stable (the URL); `vote_count` and
 * `comment_count` are counters kept in the same transaction as the rows they count;
 * `trending_score` is the §9 formula, written on every vote and refreshed periodically so the
 * trending order is an index scan; `search` is the full-text vector of title and body.
 */
/**
 * The posts' full-text vector: title weighted A, the first 20,000 characters of the body B. The
 * text must stay exactly as migration 0003 wrote it: drizzle-kit compares it to generate migrations.
 */
const SEARCH_VECTOR =
  "setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || " +
  "setweight(to_tsvector('english'::regconfig, left(coalesce(body, ''), 20000)), 'B')";

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().generatedByDefaultAsIdentity(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key that created the post (for a customer, or as its creator). */
    createdByKeyId: uuid('created_by_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    statusId: uuid('status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    voteCount: integer('vote_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    trendingScore: doublePrecision('trending_score').notNull().default(0),
    mergedIntoId: uuid('merged_into_id'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    approval: text('approval', { enum: POST_APPROVAL }).notNull().default('approved'),
    /** Last activity: edit, comment, status change. Drives the `updated` sort. */
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** The team member who owns the post (triage). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The first day of the month or quarter the team expects to ship it in, shown on the roadmap. */
    eta: date('eta', { mode: 'string' }),
    etaPrecision: text('eta_precision', { enum: ETA_PRECISIONS }),
    /** The team's scores, 1–5 each (null: not scored). */
    impact: smallint('impact'),
    effort: smallint('effort'),
    /** Kept by the posts_priority trigger from votes, impact, effort and the workspace's weights. */
    priority: doublePrecision('priority').notNull().default(0),
    /** When the team first answered in public (a public comment or a status change); null: not yet. */
    teamRespondedAt: timestamp('team_responded_at', { withTimezone: true }),
    search: tsvector('search').notNull().generatedAlwaysAs(sql.raw(SEARCH_VECTOR)),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('posts_number_key').on(t.number),
    index('posts_board_trending_idx').on(t.boardId, t.trendingScore.desc(), t.id.desc()),
    index('posts_board_top_idx').on(t.boardId, t.voteCount.desc(), t.id.desc()),
    index('posts_board_new_idx').on(t.boardId, t.createdAt.desc(), t.id.desc()),
    index('posts_board_activity_idx').on(t.boardId, t.activityAt.desc(), t.id.desc()),
    index('posts_trending_idx').on(t.trendingScore.desc(), t.id.desc()),
    /** Pinned posts lead a board's trending page; few are pinned, so a partial index finds them at once. */
    index('posts_board_pinned_idx')
      .on(t.boardId)
      .where(sql`${t.pinned}`),
    index('posts_status_idx').on(t.statusId),
    index('posts_priority_idx').on(t.priority.desc(), t.id.desc()),
    /** The triage list's "most votes" sort across boards (per board: posts_board_top_idx). */
    index('posts_votes_idx').on(t.voteCount.desc(), t.id.desc()),
    /** The triage queues "awaiting approval" and "rejected": few posts, found without reading the approved ones. */
    index('posts_unapproved_idx')
      .on(t.createdAt)
      .where(sql`${t.approval} <> 'approved'`),
    index('posts_owner_idx').on(t.ownerId),
    index('posts_author_idx').on(t.authorId),
    index('posts_merged_into_idx').on(t.mergedIntoId),
    index('posts_search_idx').using('gin', t.search),
    index('posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    /** Insights recompute a range of days (src/features/insights). */
    index('posts_created_idx').on(t.createdAt),
    check('posts_approval_valid', sql`${t.approval} in ('pending', 'approved', 'rejected')`),
    check('posts_counts_nonnegative', sql`${t.voteCount} >= 0 and ${t.commentCount} >= 0`),
    check('posts_impact_range', sql`${t.impact} between 1 and 5`),
    check('posts_effort_range', sql`${t.effort} between 1 and 5`),
    check('posts_eta_complete', sql`(${t.eta} is null) = (${t.etaPrecision} is null)`),
    check('posts_not_merged_into_self', sql`${t.mergedIntoId} is null or ${t.mergedIntoId} <> ${t.id}`),
  ],
);

export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('post_tags_tag_idx').on(t.tagId)],
);

/**
 * Votes (SPEC.md §3): one per (post, user). `cast_by_id` is the team member who voted on the
 * person's behalf. `merged_from_id` marks a vote copied here when a duplicate was merged in, so
 * unmerging removes exactly the copies (the duplicate keeps its own rows throughout).
 */
export const votes = pgTable(
  'votes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    castById: uuid('cast_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key that cast the vote (for a customer, or as its creator). */
    castByKeyId: uuid('cast_by_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    mergedFromId: uuid('merged_from_id').references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('votes_user_idx').on(t.userId),
    index('votes_post_created_idx').on(t.postId, t.createdAt.desc()),
    /** Insights recompute a range of days (src/features/insights). */
    index('votes_created_idx').on(t.createdAt),
  ],
);

/** Comments (SPEC.md §3); `internal` notes are seen by the team only. Ids are the `#comment-<id>` anchors. */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key that wrote the comment (for a customer, or as its creator). */
    createdByKeyId: uuid('created_by_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    approval: text('approval', { enum: POST_APPROVAL }).notNull().default('approved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId),
    /** Insights recompute a range of days (src/features/insights). */
    index('comments_created_idx').on(t.createdAt),
  ],
);

/** A post's history: every status change, with its optional public note (SPEC.md §3). */
export const statusChanges = pgTable(
  'status_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fromStatusId: uuid('from_status_id').references(() => statuses.id, { onDelete: 'set null' }),
    toStatusId: uuid('to_status_id').references(() => statuses.id, { onDelete: 'set null' }),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_changes_post_idx').on(t.postId, t.createdAt)],
);

/**
 * Subscriptions to a post (SPEC.md §3). Posting, voting and commenting subscribe a member unless
 * they chose otherwise: the row remembers an explicit unsubscribe (`subscribed = false`).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    subscribed: boolean('subscribed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('subscriptions_post_idx').on(t.postId)],
);

// ---------------------------------------------------------------------------------------------
// Changelog (issue 9: the changelog part). Entries, their labels, the posts they shipped, and the
// people who follow the changelog itself.
// ---------------------------------------------------------------------------------------------

/** Changelog labels: new / improved / fixed are inserted by the migration; admins add more. */
export const changelogLabels = pgTable(
  'changelog_labels',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('changelog_labels_name_key').on(sql`lower(${t.name})`)],
);

/**
 * A changelog entry (SPEC.md §3, §4): draft → published → draft. `scheduled_for` is set while a
 * publication is scheduled (a keyed job does it); `publish_status_id` is the done-category status
 * the linked posts move to when it is published (null: they keep theirs); `scheduled_by_id` is
 * the team member the scheduled publication acts as.
 */
export const changelogEntries = pgTable(
  'changelog_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    label: text('label')
      .notNull()
      .references(() => changelogLabels.slug, { onDelete: 'restrict', onUpdate: 'cascade' }),
    state: text('state', { enum: CHANGELOG_STATES }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    scheduledById: uuid('scheduled_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishStatusId: uuid('publish_status_id').references(() => statuses.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('changelog_entries_slug_key').on(t.slug),
    index('changelog_entries_published_idx').on(t.state, t.publishedAt.desc(), t.id.desc()),
    check('changelog_entries_state_valid', sql`${t.state} in ('draft', 'published')`),
    check('changelog_entries_published_at', sql`${t.state} = 'draft' or ${t.publishedAt} is not null`),
  ],
);

/** The posts an entry shipped. */
export const changelogEntryPosts = pgTable(
  'changelog_entry_posts',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => changelogEntries.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.postId] }), index('changelog_entry_posts_post_idx').on(t.postId)],
);

/** Who follows the changelog itself; the row remembers an explicit unsubscribe (`subscribed = false`). */
export const changelogSubscriptions = pgTable('changelog_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscribed: boolean('subscribed').notNull().default(true),
  ...timestamps,
});

// ── Insights (/admin): pre-aggregated activity, kept by the insights jobs (src/features/insights/server) ──

/**
 * Activity per UTC day and board: posts created, votes cast (copies made by a merge excluded) and
 * comments written that day and still there. Recomputed, never incremented: see src/features/insights/README.md.
 */
export const insightDays = pgTable(
  'insight_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    posts: integer('posts').notNull().default(0),
    votes: integer('votes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.boardId] })],
);

/** Votes each post gained per UTC day (merged-in copies count on the post they were merged into), for top requests. */
export const insightPostVotes = pgTable(
  'insight_post_votes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    votes: integer('votes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.postId] })],
);

/**
 * Every counted post (not deleted, not rejected): its board, current status, whether it is merged,
 * whether its author is on the team, and when the team first answered it (a public comment or a
 * status change). The status distribution and the first-response time read it by creation time.
 */
export const insightPosts = pgTable(
  'insight_posts',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    statusId: uuid('status_id').references(() => statuses.id, { onDelete: 'set null' }),
    merged: boolean('merged').notNull().default(false),
    byTeam: boolean('by_team').notNull().default(false),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [index('insight_posts_created_idx').on(t.createdAt)],
);

/**
 * One row (id 1): when the aggregates were last brought up to date, wholly and for the recent
 * days, and when any of them last changed (a report computed since then is still exact).
 */
export const insightRefresh = pgTable('insight_refresh', {
  id: smallint('id').primaryKey(),
  fullAt: timestamp('full_at', { withTimezone: true }),
  recentAt: timestamp('recent_at', { withTimezone: true }),
  changedAt: timestamp('changed_at', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Notifications (issue 9): in-app notifications with their email digest state, each person's
// preferences (event kind × channel), and the key that signs one-click unsubscribe links.
// ---------------------------------------------------------------------------------------------

/**
 * One notification of one person (SPEC.md §3): what happened (`kind`), who caused it, what it is
 * about (post, comment, status change or changelog entry by id) and a small snapshot of what the
 * recipient was allowed to see when it was written (`data`: titles, status name, excerpt, link).
 * `inApp` says whether it shows in the bell and /notifications; `emailPending` marks it for the
 * person's next digest email, `emailedAt` when that email was queued.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, { onDelete: 'cascade' }),
    statusChangeId: bigint('status_change_id', { mode: 'number' }).references(() => statusChanges.id, { onDelete: 'cascade' }),
    entryId: text('entry_id'),
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull().default({}),
    inApp: boolean('in_app').notNull().default(true),
    emailPending: boolean('email_pending').notNull().default(false),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_list_idx')
      .on(t.recipientId, t.id.desc())
      .where(sql`${t.inApp}`),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.inApp} and ${t.readAt} is null`),
    index('notifications_email_pending_idx')
      .on(t.recipientId)
      .where(sql`${t.emailPending}`),
  ],
);

/**
 * A person's choice for one event kind on one channel (`email` | `in_app`). Only choices are
 * stored: a missing row means the kind's default (src/features/notifications/enums.ts).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['email', 'in_app'] }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    check('notification_preferences_channel', sql`${t.channel} in ('email', 'in_app')`),
  ],
);

/** Secrets generated once per workspace, by purpose (`unsubscribe`: the HMAC key of unsubscribe links). */
export const signingKeys = pgTable('signing_keys', {
  purpose: text('purpose').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded images (SPEC.md §3): who uploaded it, the post (and comment) it belongs to once the
 * text that shows it is saved, the sniffed type and size of the stored copy (metadata stripped),
 * and the web-sized copy shown in pages. Visible only with its post; while `post_id` is null,
 * only to its owner, and swept after a day (src/features/attachments). Branding images (logo,
 * favicon) are kinds of their own, public, and belong to the workspace settings.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ATTACHMENT_KINDS }).notNull().default('content'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, { onDelete: 'set null' }),
    /** A safe file name for Content-Disposition and alt text (letters, digits, `.`, `-`, `_`). */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    webKey: text('web_key').notNull(),
    webContentType: text('web_content_type').notNull(),
    webSize: integer('web_size').notNull(),
    webWidth: integer('web_width').notNull(),
    webHeight: integer('web_height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('attachments_post_idx').on(t.postId),
    index('attachments_owner_idx').on(t.ownerId),
    /** The orphan sweep: unattached content images, oldest first. */
    index('attachments_orphan_idx')
      .on(t.createdAt)
      .where(sql`${t.postId} is null and ${t.kind} = 'content'`),
    check('attachments_kind_valid', sql`${t.kind} in ('content', 'logo', 'favicon')`),
  ],
);

/**
 * The bytes of stored images when no S3-compatible storage is configured (the default): in the
 * database, so they are in every backup and shared by every instance. Keyed by storage key.
 */
export const attachmentBlobs = pgTable('attachment_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
/** A team member's saved triage views (/admin/inbox): a name for a filter and sort, kept as its URL query. */
export const triageViews = pgTable(
  'triage_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('triage_views_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * The triage list's facet counts, kept by triggers on posts and post_tags (drizzle/0015): how
 * many live posts (not deleted, not merged) have each combination of board, status, approval,
 * "answered by the team" and owner; with `tag_id`, how many such posts carry that tag. Rows are
 * deltas appended by the change that causes them (never updated in place, so concurrent writers
 * never wait for each other); a key's count is the sum of its rows, which a background job
 * compacts. Derived data: backups leave it out, and a restore rebuilds it through the triggers.
 */
export const triageCounts = pgTable('triage_counts', {
  /** Null: the post itself; otherwise one of its tags. */
  tagId: uuid('tag_id'),
  boardId: uuid('board_id').notNull(),
  statusId: uuid('status_id'),
  approval: text('approval', { enum: POST_APPROVAL }).notNull(),
  responded: boolean('responded').notNull(),
  ownerId: uuid('owner_id'),
  posts: integer('posts').notNull(),
});

/**
 * Live updates (src/server/live): a short history of the signals sent over /api/v1/events, so
 * that a reconnecting stream resumes from its Last-Event-ID on any instance. `signal` holds ids
 * and the facts its readers are filtered by (board, approval, author, internal), never content.
 * Rows older than a few minutes are pruned; derived data, which backups leave out.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    signal: jsonb('signal').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Webhook endpoints (SPEC.md §3, §7; src/features/webhooks): where events are sent, which events,
 * in which format, signed with `secret` (kept as is: it signs every delivery). `includePrivate`
 * lets a private board's events through. An endpoint that kept failing is disabled
 * (`disabledAt`, `disabledReason`) until an admin enables it again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    format: text('format', { enum: WEBHOOK_FORMATS }).notNull().default('generic'),
    secret: text('secret').notNull(),
    includePrivate: boolean('include_private').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('webhook_endpoints_format_valid', sql`${t.format} in ('generic', 'slack', 'discord')`)],
);

/**
 * One event for one endpoint (the `Chorus-Delivery` id), durable until delivered or given up on:
 * `payload` is the generic envelope `{ id, type, createdAt, data }`, shaped for the endpoint's
 * format when sent. `nextAttemptAt` is the retry time, or the end of a claim's lease while an
 * instance sends it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    check('webhook_deliveries_state_valid', sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt to send a delivery: when, how long, the answer's status and the start of its body, or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    error: text('error'),
    ok: boolean('ok').notNull(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id.desc()), index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * Customers' companies (SPEC.md §3), as host products name them in identify tokens
 * (src/features/identify): their id in the host's system, name and monthly revenue in cents
 * (null when the host sends none), updated by every token that names them.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    monthlyRevenueCents: bigint('monthly_revenue_cents', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_external_id_key').on(t.externalId),
    check('companies_monthly_revenue_cents_valid', sql`${t.monthlyRevenueCents} is null or ${t.monthlyRevenueCents} >= 0`),
  ],
);

/**
 * The identify tokens already used (their `jti`), until a while after they expire: a token is
 * accepted once, on whichever instance it reaches first (src/features/identify). Pruned by a
 * keyed job.
 */
export const identifyTokenUses = pgTable(
  'identify_token_uses',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identify_token_uses_expires_idx').on(t.expiresAt)],
);
