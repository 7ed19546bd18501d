/**
 * robots.txt (RFC 9309). A public workspace lets crawlers read its public pages and names the
 * sitemap; the team area, the API, personal and account pages and the new-post forms are
 * disallowed (they are either behind sign-in or of no use in a search index). A closed
 * workspace (sign-in required, or setup not done) disallows everything.
 */

/** Paths crawlers are asked to leave alone in a public workspace. */
export const ROBOTS_DISALLOWED = [
  '/admin',
  '/api/',
  '/settings',
  '/notifications',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/magic-link',
  '/setup',
  '/sso',
  '/unsubscribe',
  '/b/*/new',
] as const;

export function renderRobots(options: { open: boolean; sitemapUrl: string }): string {
  if (!options.open) return 'User-agent: *\nDisallow: /\n';
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${options.sitemapUrl}`, ''].join(
    '\n',
  );
}
