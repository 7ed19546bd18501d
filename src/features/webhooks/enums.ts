/** Webhook enumerations (SPEC.md §7), defined once: the schema, the forms and the table derive from these. */

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'post.created',
  'post.status_changed',
  'post.merged',
  'comment.created',
  'vote.created',
  'changelog.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The type of the event an admin sends from the page to try an endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'post.created': 'A post is created (once approved, where approval is required)',
  'post.status_changed': 'A post changes status',
  'post.merged': 'A post is merged into another',
  'comment.created': 'A public comment is added (once approved, where approval is required)',
  'vote.created': 'Someone votes on a post',
  'changelog.published': 'A changelog entry is published',
};

/** How the body is shaped: Chorus's own JSON, or a message for a Slack or Discord incoming webhook. */
export const WEBHOOK_FORMATS = ['generic', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  generic: 'Generic JSON (signed)',
  slack: 'Slack incoming webhook',
  discord: 'Discord webhook',
};

/** A delivery's state: waiting for its next attempt, delivered, or given up on. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
