import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './enums';
import type { HeadlineMessage } from './headline';

/** Where an email stands (SPEC.md §7: with no SMTP configured it stays in the outbox, shown to admins). */
export const DELIVERY_STATES = ['sent', 'queued', 'retrying', 'failed', 'smtp_off'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Cursor pagination (SPEC.md §7): `cursor` is the `nextCursor` of the previous page; `before` is its older name. */
export const outboxQuery = z.object({
  cursor: z.coerce.number().int().positive().optional().describe('The `nextCursor` of the previous page.'),
  before: z.coerce.number().int().positive().optional().describe('The older name of `cursor`, still accepted.'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Emails per page (1–100).'),
  to: z.string().trim().toLowerCase().max(254).optional().describe('Only the emails sent to this address (exact, any case).'),
});

export const outboxItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const outboxPageSchema = z.object({
  smtpConfigured: z.boolean(),
  items: z.array(outboxItemSchema),
  nextCursor: z.number().nullable(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** Whether email can leave, and how many emails wait: the team's notice when no SMTP is configured. */
export const emailStatusSchema = z.object({
  smtpConfigured: z.boolean(),
  /** Emails in the outbox not sent (yet). */
  waiting: z.number(),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

// --- In-app notifications, preferences and unsubscribe -------------------------------------------

/** What a notification shows, written when it is created from what its recipient may see. */
export interface NotificationData extends Record<string, string | number | null> {
  /** What it says, as a message of headline.ts, with the row's other keys as its arguments. */
  message: HeadlineMessage;
  /** A path inside the product (the post, the comment anchor, the entry), or null. */
  path: string | null;
  excerpt: string | null;
}

export const notificationItemSchema = z
  .object({
    id: z.number(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** The headline in English for API clients, written from `message` and `args` (pages write them in their reader's language: headline.ts). */
    headline: z.string(),
    message: z.string().nullable(),
    args: z.record(z.string(), z.union([z.string(), z.number()])),
    path: z.string().nullable(),
    excerpt: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListQuery = z.object({
  cursor: z.string().max(200).optional().describe('The `nextCursor` of the previous page.'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Notifications per page (1–100).'),
  unread: z.enum(['1', 'true']).optional().describe('`1` (or `true`): only the unread ones.'),
});

/** `unread` counts every unread notification, not only this page's. */
export const notificationPageSchema = z.object({
  items: z.array(notificationItemSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** The bell's number: how many notifications are unread. */
export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationIdParams = z.object({ id: z.coerce.number().int().positive().describe('The notification’s id.') });

export const preferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export const preferencesInput = z.object({
  preferences: z
    .array(preferenceSchema)
    .min(1)
    .max(NOTIFICATION_KINDS.length * 2)
    // One upsert writes them all: a pair given twice would be two answers to one question.
    .refine((ps) => new Set(ps.map((p) => `${p.kind}:${p.channel}`)).size === ps.length, 'Each event and channel at most once'),
});
export type Preference = z.infer<typeof preferenceSchema>;
/** Every kind the person can receive, on each channel, with its setting. */
export const preferencesSchema = z.object({ preferences: z.array(preferenceSchema) });

export const unsubscribeQuery = z.object({
  token: z.string().min(1).max(2000).describe('The signed token from the email’s unsubscribe link: it names the person and the kinds.'),
});
export const unsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).optional();

export const unsubscribeResultSchema = z.object({
  /** The kinds now off by email. */
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
