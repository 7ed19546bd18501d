/**
 * An Atom 1.0 document (RFC 4287) from plain values. A small writer rather than a feed library:
 * the output is a handful of elements, and this way every text node and attribute goes through
 * one escaping function (xml.ts) that also drops the characters XML cannot carry, content is
 * escaped text rather than a CDATA section (which a `]]>` in user text would end), and dates are
 * RFC 3339 in UTC.
 */
import { attributes, textElement } from './xml';

export interface AtomEntry {
  /** A permanent IRI that never changes for this entry (RFC 4287 §4.2.6). */
  id: string;
  title: string;
  /** The entry's page (rel="alternate"). */
  url: string;
  published: Date;
  updated: Date;
  /** Absent: the feed's author stands for the entry's. */
  authorName?: string;
  /** An HTML fragment, sent escaped as `type="html"` content. */
  contentHtml?: string;
  categories?: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  /** The feed's own URL (rel="self"). */
  selfUrl: string;
  /** The page the feed follows (rel="alternate"). */
  pageUrl: string;
  /** When anything in the feed last changed. */
  updated: Date;
  /** The feed's author: every entry without one of its own has this one. */
  authorName: string;
  entries: AtomEntry[];
}

/** RFC 3339 in UTC, to the second (`2026-11-23T15:04:05Z`). */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const link = (rel: string, href: string, type?: string) => `<link${attributes({ rel, type, href })}/>`;
const author = (name: string) => `<author>${textElement('name', name)}</author>`;

function entryXml(e: AtomEntry): string {
  return [
    '<entry>',
    textElement('id', e.id),
    textElement('title', e.title, { type: 'text' }),
    link('alternate', e.url, 'text/html'),
    textElement('published', rfc3339(e.published)),
    textElement('updated', rfc3339(e.updated)),
    e.authorName === undefined ? '' : author(e.authorName),
    ...(e.categories ?? []).map((term) => `<category${attributes({ term })}/>`),
    e.contentHtml === undefined ? '' : textElement('content', e.contentHtml, { type: 'html' }),
    '</entry>',
  ].join('');
}

/** The whole document, ready to send as `application/atom+xml`. */
export function renderAtomFeed(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    textElement('id', feed.id),
    textElement('title', feed.title, { type: 'text' }),
    feed.subtitle ? textElement('subtitle', feed.subtitle, { type: 'text' }) : '',
    textElement('updated', rfc3339(feed.updated)),
    link('self', feed.selfUrl, 'application/atom+xml'),
    link('alternate', feed.pageUrl, 'text/html'),
    author(feed.authorName),
    textElement('generator', 'Chorus'),
    ...feed.entries.map(entryXml),
    '</feed>\n',
  ].join('');
}

/** The latest of the dates, or `fallback` when there are none. */
export function latest(dates: readonly Date[], fallback: Date): Date {
  return dates.reduce((a, b) => (b.getTime() > a.getTime() ? b : a), fallback);
}
