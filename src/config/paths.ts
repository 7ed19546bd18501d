/** Typed links to every screen, so a renamed route breaks the build instead of a link. */
export const paths = {
  /** The home page; `closed: 'show'` lists done and closed posts among the trending ones too. */
  home: (query?: { closed?: 'show' }) => (query?.closed ? `/?closed=${query.closed}` : '/'),
  /**
   * A board's posts; every filter lives in the query string (SPEC.md §2). `cursor` is the page
   * after a post, `before` the page before one; `closed: 'show'` lists done and closed posts too.
   */
  board: (
    slug: string,
    query?: { sort?: string; status?: string; tag?: string; q?: string; closed?: string; cursor?: string; before?: string },
  ) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v) params.set(k, v);
    const qs = params.toString();
    return `/b/${encodeURIComponent(slug)}${qs ? `?${qs}` : ''}`;
  },
  /** A public board's Atom feed (a document, not a screen: link it with a plain `<a>`). */
  boardFeed: (slug: string) => `/b/${encodeURIComponent(slug)}/feed.xml`,
  /** The roadmap; its filters live in the query string (SPEC.md §2). */
  roadmap: (query?: { board?: string; tag?: string; done?: 'recent' | 'all' }) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v && !(k === 'done' && v === 'recent')) params.set(k, v);
    const qs = params.toString();
    return `/roadmap${qs ? `?${qs}` : ''}`;
  },
  newPost: (boardSlug: string) => `/b/${encodeURIComponent(boardSlug)}/new`,
  /** A post's canonical URL: its number, then its title as a decorative slug. */
  post: (number: number, slug?: string, commentId?: number) =>
    `/p/${number}${slug ? `-${slug}` : ''}${commentId ? `#comment-${commentId}` : ''}`,
  /** The changelog; the label filter and the page cursor live in the query string. */
  changelog: (query?: { label?: string; cursor?: string }) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v) params.set(k, v);
    const qs = params.toString();
    return `/changelog${qs ? `?${qs}` : ''}`;
  },
  changelogFeed: () => '/changelog/feed.xml',
  changelogEntry: (slug: string) => `/changelog/${encodeURIComponent(slug)}`,
  docsApi: () => '/docs/api',
  /** The service's status, for people (/api/health answers machines). */
  status: () => '/status',
  privacy: (section?: string) => (section ? `/privacy#${section}` : '/privacy'),
  setup: () => '/setup',
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  signup: () => '/signup',
  forgotPassword: () => '/forgot-password',
  settings: () => '/settings',
  settingsAccount: () => '/settings/account',
  settingsNotifications: () => '/settings/notifications',
  notifications: () => '/notifications',
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  admin: () => '/admin',
  /** The member list, searched when `q` is given (an email finds one person). */
  adminMembers: (q?: string) => (q ? `/admin/members?q=${encodeURIComponent(q)}` : '/admin/members'),
  adminInbox: () => '/admin/inbox',
  adminBoards: () => '/admin/boards',
  adminStatuses: () => '/admin/statuses',
  adminTags: () => '/admin/tags',
  adminWebhooks: () => '/admin/webhooks',
  adminApiKeys: () => '/admin/api-keys',
  adminChangelog: () => '/admin/changelog',
  adminAudit: (cursor?: number) => (cursor ? `/admin/audit?cursor=${cursor}` : '/admin/audit'),
  adminOutbox: () => '/admin/outbox',
  adminSettings: () => '/admin/settings',
  adminData: () => '/admin/data',
} as const;
