/**
 * The one Drizzle pg-core schema, shared by PGlite and PostgreSQL.
 * Features add their tables here; migrations are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
