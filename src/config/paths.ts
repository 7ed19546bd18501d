/** Typed links to every screen, so a renamed route breaks the build instead of a link. */
export const paths = {
  home: () => '/',
  roadmap: () => '/roadmap',
  changelog: () => '/changelog',
  privacy: (section?: string) => (section ? `/privacy#${section}` : '/privacy'),
  admin: () => '/admin',
} as const;
