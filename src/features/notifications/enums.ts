/**
 * Notification event kinds and channels (SPEC.md §3), defined once: preferences, the in-app list
 * and the emails all derive from these.
 */
export const NOTIFICATION_KINDS = [
  'status_changed',
  'comment',
  'mention',
  'changelog',
  'approval',
  'team_new_post',
  'team_awaiting_approval',
  'admin_webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Kinds only the team (moderators and admins) receives. */
export const TEAM_KINDS: readonly NotificationKind[] = ['team_new_post', 'team_awaiting_approval', 'admin_webhook_disabled'];

/** Kinds only admins receive (a subset of TEAM_KINDS). */
export const ADMIN_KINDS: readonly NotificationKind[] = ['admin_webhook_disabled'];

/** What a person gets without having chosen: everything, except an email per new post for the team. */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, Record<NotificationChannel, boolean>> = {
  status_changed: { email: true, in_app: true },
  comment: { email: true, in_app: true },
  mention: { email: true, in_app: true },
  changelog: { email: true, in_app: true },
  approval: { email: true, in_app: true },
  team_new_post: { email: false, in_app: true },
  team_awaiting_approval: { email: true, in_app: true },
  admin_webhook_disabled: { email: true, in_app: true },
};
