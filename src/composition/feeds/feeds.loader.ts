/**
 * The loaders of the document routes (src/pages/sitemap.xml.tsx, robots.txt.tsx,
 * b/[board]/feed.xml.tsx, changelog/feed.xml.tsx).
 */
import { listPublishedEntriesForFeed } from '@/features/changelog/server/service';
import { serveBoardFeed } from './board-feed';
import { changelogFeedHandler } from './changelog-feed';
import { documentLoader } from './document-page';
import { serveRobots } from './robots';
import { serveSitemap } from './sitemap';

const param = (v: string | string[] | undefined): string => (typeof v === 'string' ? v : '');

export const boardFeedLoader = documentLoader((req, res, ctx) => serveBoardFeed(req, res, param(ctx.params?.board)));
export const sitemapLoader = documentLoader(serveSitemap);
export const robotsLoader = documentLoader(serveRobots);
export const changelogFeedLoader = documentLoader(changelogFeedHandler(listPublishedEntriesForFeed));
