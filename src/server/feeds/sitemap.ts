/**
 * sitemap.xml (sitemaps.org protocol 0.9) from a list of URL sources. Each source yields paths
 * on this site, most important first; the sources are asked in order with what is left of the
 * protocol's limit of 50,000 URLs per file, so adding a kind of page is one more source.
 */
import { rfc3339 } from './atom';
import { textElement } from './xml';

/** The protocol's limit for one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  /** A path on this site (`/b/ideas`). */
  path: string;
  lastModified?: Date;
}

/** Yields at most `limit` URLs. */
export type SitemapSource = (limit: number) => Promise<SitemapUrl[]>;

/** Every source's URLs in order, at most `cap` in all; a source is not asked once the cap is reached. */
export async function collectSitemapUrls(sources: readonly SitemapSource[], cap: number = SITEMAP_MAX_URLS): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  for (const source of sources) {
    const left = cap - urls.length;
    if (left <= 0) break;
    urls.push(...(await source(left)).slice(0, left));
  }
  return urls;
}

/** The document; `base` is the site's public URL (PUBLIC_URL), which every path is appended to. */
export function renderSitemap(urls: readonly SitemapUrl[], base: string): string {
  const items = urls.map(
    (u) =>
      `<url>${textElement('loc', new URL(`${base}${u.path}`).href)}${u.lastModified ? textElement('lastmod', rfc3339(u.lastModified)) : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items.map((i) => `${i}\n`),
    '</urlset>\n',
  ].join('');
}
