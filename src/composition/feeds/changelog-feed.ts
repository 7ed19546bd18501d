/**
 * `/changelog/feed.xml`: published changelog entries as Atom. The entries come from a source
 * passed in (the changelog's published entries, newest first), so this route knows nothing of
 * how they are stored. A workspace that requires sign-in publishes no feed (404).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { keptFor } from '@/server/cache/visitor-cache';
import { VISITOR } from '@/server/identity/actor';
import { renderMarkdown } from '@/server/markdown/render';
import { latest, renderAtomFeed } from '@/server/feeds/atom';
import { markdownTreeToHtml } from '@/server/feeds/markdown-html';
import { ATOM_TYPE, acceptReadOnly, sendDocument, sendNotFound, type DocumentHandler } from '@/server/feeds/respond';
import { openWorkspace, publicBase } from '@/server/feeds/site';

/** How many entries the changelog feed carries. */
export const CHANGELOG_FEED_SIZE = 50;

export const CHANGELOG_PATH = '/changelog';
export const CHANGELOG_FEED_PATH = '/changelog/feed.xml';

export interface ChangelogFeedEntry {
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
  /** A category such as "New" or "Fixed", or null. */
  label: string | null;
  publishedAt: Date;
  updatedAt: Date;
}

/** Published entries only, newest first, at most `limit`. */
export type ChangelogFeedSource = (limit: number) => Promise<ChangelogFeedEntry[]>;

/** The route, reading its entries from `source`. */
export function changelogFeedHandler(source: ChangelogFeedSource, cacheKey = 'feed:changelog'): DocumentHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!acceptReadOnly(req, res)) return;
    // Kept while nothing has changed, like the public pages (src/server/cache/visitor-cache.ts).
    const xml = await keptFor(VISITOR, cacheKey, () => changelogFeedXml(source));
    if (xml === null) return sendNotFound(res);
    sendDocument(req, res, xml, ATOM_TYPE);
  };
}

async function changelogFeedXml(source: ChangelogFeedSource): Promise<string | null> {
  const workspace = await openWorkspace();
  if (!workspace) return null;
  const base = publicBase();
  const origin = new URL(base).origin;
  const entries = (await source(CHANGELOG_FEED_SIZE)).slice(0, CHANGELOG_FEED_SIZE);
  return renderAtomFeed({
    id: `${base}${CHANGELOG_PATH}`,
    title: `Changelog · ${workspace.name}`,
    selfUrl: `${base}${CHANGELOG_FEED_PATH}`,
    pageUrl: `${base}${CHANGELOG_PATH}`,
    // An empty changelog has changed at no known time; the epoch keeps the document (and its ETag) stable.
    updated: latest(
      entries.map((e) => e.updatedAt),
      new Date(0),
    ),
    authorName: workspace.name,
    entries: entries.map((e) => {
      const url = `${base}${CHANGELOG_PATH}/${encodeURIComponent(e.slug)}`;
      return {
        id: url,
        title: e.title,
        url,
        published: e.publishedAt,
        updated: e.updatedAt,
        categories: e.label ? [e.label] : [],
        contentHtml: markdownTreeToHtml(renderMarkdown(e.body), origin),
      };
    }),
  });
}
