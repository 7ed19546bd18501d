/**
 * The one Drizzle pg-core schema, shared by PGlite and PostgreSQL.
 * Features add their tables here; migrations are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUTH_TOKEN_KINDS, ROLES } from '@/features/accounts/schema';
import { MODERATION_MODES, SIGNUP_POLICIES, THEMES, WORKSPACE_ACCESS } from '@/features/settings/schema';

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
    logoUrl: text('logo_url'),
    accentColor: text('accent_color').notNull().default('#6d28d9'),
    publicUrl: text('public_url'),
    defaultTheme: text('default_theme', { enum: THEMES }).notNull().default('system'),
    access: text('access', { enum: WORKSPACE_ACCESS }).notNull().default('public'),
    signupPolicy: text('signup_policy', { enum: SIGNUP_POLICIES }).notNull().default('open'),
    allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'::text[]`),
    moderation: text('moderation', { enum: MODERATION_MODES }).notNull().default('off'),
    analytics: jsonb('analytics').$type<Record<string, unknown>>().notNull().default({}),
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('workspace_settings_single_row', sql`${t.id} = 1`),
    check('workspace_settings_accent_color', sql`${t.accentColor} ~ '^#[0-9a-fA-F]{6}$'`),
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('member', 'moderator', 'admin')`),
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
    channel: text('channel', { enum: ['email', 'webhook'] }).notNull().default('email'),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<{ text: string; html: string }>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`), index('outbox_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
