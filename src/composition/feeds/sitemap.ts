/**
 * `/sitemap.xml`: the pages a visitor can read, from one list of sources (home, public boards,
 * their posts). Read as a visitor, so private boards and what is on them never appear; a
 * workspace that requires sign-in lists nothing. At most 50,000 URLs (the protocol's limit for
 * one file): the home page and boards first, then posts newest first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listBoards } from '@/features/boards/server/service';
import { listPublishedEntriesForFeed } from '@/features/changelog/server/service';
import { listPostUrls } from '@/features/posts/server/feed-service';
import { paths } from '@/config/paths';
import { keptFor } from '@/server/cache/visitor-cache';
import { VISITOR } from '@/server/identity/actor';
import { XML_TYPE, acceptReadOnly, sendDocument } from '@/server/feeds/respond';
import { openWorkspace, publicBase } from '@/server/feeds/site';
import { collectSitemapUrls, renderSitemap, type SitemapSource } from '@/server/feeds/sitemap';

const home: SitemapSource = async () => [{ path: paths.home() }];
const roadmap: SitemapSource = async () => [{ path: paths.roadmap() }];
const boards: SitemapSource = async (limit) => (await listBoards(VISITOR)).slice(0, limit).map((b) => ({ path: paths.board(b.slug) }));
const changelog: SitemapSource = async (limit) => {
  if (limit < 1) return [];
  const entries = await listPublishedEntriesForFeed(limit - 1);
  return [
    { path: paths.changelog(), ...(entries[0] ? { lastModified: entries[0].updatedAt } : {}) },
    ...entries.map((e) => ({ path: paths.changelogEntry(e.slug), lastModified: e.updatedAt })),
  ];
};
const posts: SitemapSource = async (limit) =>
  (await listPostUrls(VISITOR, limit)).map((p) => ({ path: paths.post(p.number, p.slug), lastModified: p.lastActivityAt }));

/**
 * What the sitemap lists, in order. Each source reads as a visitor; a kind of public page
 * is added here once its screen exists.
 */
export const SITEMAP_SOURCES: readonly SitemapSource[] = [home, roadmap, boards, changelog, posts];

export function sitemapHandler(sources: readonly SitemapSource[] = SITEMAP_SOURCES, cacheKey = 'sitemap') {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!acceptReadOnly(req, res)) return;
    // Kept while nothing has changed, like the public pages (src/server/cache/visitor-cache.ts).
    const xml = await keptFor(VISITOR, cacheKey, async () => {
      const urls = (await openWorkspace()) ? await collectSitemapUrls(sources) : [];
      return renderSitemap(urls, publicBase());
    });
    sendDocument(req, res, xml, XML_TYPE);
  };
}

export const serveSitemap = sitemapHandler();
