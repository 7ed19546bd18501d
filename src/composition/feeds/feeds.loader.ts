/**
 * The loaders of the document routes (src/pages/sitemap.xml.tsx, robots.txt.tsx,
 * b/[board]/feed.xml.tsx). The changelog feed joins them once the changelog exists:
 * `documentLoader(changelogFeedHandler(<the changelog's published entries>))` for
 * src/pages/changelog/feed.xml.tsx.
 */
import { serveBoardFeed } from './board-feed';
import { documentLoader } from './document-page';
import { serveRobots } from './robots';
import { serveSitemap } from './sitemap';

const param = (v: string | string[] | undefined): string => (typeof v === 'string' ? v : '');

export const boardFeedLoader = documentLoader((req, res, ctx) => serveBoardFeed(req, res, param(ctx.params?.board)));
export const sitemapLoader = documentLoader(serveSitemap);
export const robotsLoader = documentLoader(serveRobots);
