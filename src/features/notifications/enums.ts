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

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  status_changed: { label: 'Status changes', hint: 'A post you voted on or follow changes status, with or without a public note.' },
  comment: { label: 'New comments', hint: 'Someone comments on a post you follow.' },
  mention: { label: 'Mentions', hint: 'Someone mentions you in a post or a comment.' },
  changelog: { label: 'Changelog', hint: 'A changelog entry that concerns you is published.' },
  approval: { label: 'Your posts reviewed', hint: 'A moderator approves or rejects your post.' },
  team_new_post: { label: 'New posts (team)', hint: 'A new post appears on any board.' },
  team_awaiting_approval: { label: 'Waiting for approval (team)', hint: 'A post or comment waits for a moderator.' },
  admin_webhook_disabled: {
    label: 'Webhook endpoint disabled (admins)',
    hint: 'A webhook endpoint kept failing and was disabled; it receives nothing until an admin enables it again.',
  },
};

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
