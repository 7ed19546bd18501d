/**
 * What every crawler-facing document needs to know of the site: its public origin (PUBLIC_URL,
 * which also makes the links in emails) and whether visitors may read the workspace at all.
 */
import { env } from '@/config/env';
import { getPublicWorkspace } from '@/server/workspace';
import type { PublicWorkspace } from '@/core/workspace';

/** The site's public base URL without a trailing slash; paths are appended to it. */
export const publicBase = (): string => env().PUBLIC_URL;

/**
 * The workspace when visitors may read it (public access, setup done), or null: a workspace that
 * requires sign-in, or has not been set up, publishes no feed, no sitemap entries and no crawlable page.
 */
export async function openWorkspace(): Promise<PublicWorkspace | null> {
  const workspace = await getPublicWorkspace();
  return workspace.setupDone && workspace.access === 'public' ? workspace : null;
}
