/** Typed links to every screen, so a renamed route breaks the build instead of a link. */
export const paths = {
  home: () => '/',
  roadmap: () => '/roadmap',
  changelog: () => '/changelog',
  privacy: (section?: string) => (section ? `/privacy#${section}` : '/privacy'),
  setup: () => '/setup',
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  signup: () => '/signup',
  forgotPassword: () => '/forgot-password',
  settings: () => '/settings',
  settingsAccount: () => '/settings/account',
  admin: () => '/admin',
  adminMembers: () => '/admin/members',
  adminAudit: () => '/admin/audit',
  adminOutbox: () => '/admin/outbox',
  adminSettings: () => '/admin/settings',
} as const;
