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

/** Each event's message key under `teamAdmin` `webhooks.events` (its description in the endpoint form). */
export const WEBHOOK_EVENT_KEYS = {
  'post.created': 'postCreated',
  'post.status_changed': 'postStatusChanged',
  'post.merged': 'postMerged',
  'comment.created': 'commentCreated',
  'vote.created': 'voteCreated',
  'changelog.published': 'changelogPublished',
} as const satisfies Record<WebhookEventType, string>;

/** How the body is shaped: Chorus's own JSON, or a message for a Slack or Discord incoming webhook. */
export const WEBHOOK_FORMATS = ['generic', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A delivery's state: waiting for its next attempt, delivered, or given up on. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
