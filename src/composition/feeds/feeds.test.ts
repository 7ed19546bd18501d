/**
 * The Atom feeds, the sitemap and robots.txt over real HTTP, parsed by strict XML parsers:
 * structure (RFC 4287), escaping of hostile text, and that nothing private, pending, rejected,
 * deleted or merged appears anywhere, for visitors and signed-in readers alike.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { posts, users, workspaceSettings } from '@/server/db/schema';
import { forgetWorkspace } from '@/server/workspace';
import { bumpContentGeneration, visitorCacheMaxAgeMs } from '@/server/cache/visitor-cache';
import { env } from '@/config/env';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { grantBoard, insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallOptions } from '@/test/http';
import { child, childrenNamed, expectValidAtom, parseXml, type XmlElement } from '@/test/xml';
import { serveBoardFeed } from './board-feed';
import { changelogFeedHandler, type ChangelogFeedEntry } from './changelog-feed';
import { serveRobots } from './robots';
import { serveSitemap } from './sitemap';

useTestDatabase();

const HOSTILE_TITLE = 'Ship <script>alert(1)</script> ]]> & "this" \u0001\u0007\u001b now 🎉';
const CLEAN_TITLE = 'Ship <script>alert(1)</script> ]]> & "this"  now 🎉';
const HOSTILE_BODY = 'Hello <img src=x onerror=alert(1)> ]]> **bold** [evil](javascript:alert(1)) \u0002 🚀';

let team: Awaited<ReturnType<typeof createRoleActors>>;
let author: TestActor;
let granted: TestActor;
const base = () => env().PUBLIC_URL;

async function setAccess(access: 'public' | 'sign_in_required') {
  await db()
    .update(workspaceSettings)
    .set({ access, setupCompletedAt: new Date(), name: 'Acme <Feedback>' })
    .where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
  // As a settings change through the API does (route() empties the visitors' copies).
  bumpContentGeneration();
}

const boardFeed = (slug: string, opts: CallOptions = {}) =>
  callRoute((req, res) => serveBoardFeed(req, res, slug), { path: `/b/${slug}/feed.xml`, ...opts });
const sitemap = (opts: CallOptions = {}) => callRoute(serveSitemap, { path: '/sitemap.xml', ...opts });
const robots = (opts: CallOptions = {}) => callRoute(serveRobots, { path: '/robots.txt', ...opts });

const entries = (feed: XmlElement) => childrenNamed(feed, 'entry');
const entryTitles = (feed: XmlElement) => entries(feed).map((e) => child(e, 'title')!.text);
const sitemapLocs = (doc: XmlElement) => childrenNamed(doc, 'url').map((u) => child(u, 'loc')!.text);

let publicBoard: Awaited<ReturnType<typeof insertBoard>>;
let privateBoard: Awaited<ReturnType<typeof insertBoard>>;
let archivedBoard: Awaited<ReturnType<typeof insertBoard>>;
let emptyBoard: Awaited<ReturnType<typeof insertBoard>>;
const numbers: Record<string, number> = {};

beforeAll(async () => {
  await setAccess('public');
  team = await createRoleActors();
  author = await createTestActor('member', { displayName: 'Ada <b>Lovelace</b>' });
  granted = await createTestActor('member');
  publicBoard = await insertBoard({ slug: 'ideas', name: 'Ideas & "wishes"', description: 'What you <want>' });
  privateBoard = await insertBoard({ slug: 'secret', name: 'Secret roadmap', visibility: 'private' });
  archivedBoard = await insertBoard({ slug: 'old', name: 'Old ideas', archivedAt: new Date() });
  emptyBoard = await insertBoard({ slug: 'empty', name: 'Empty' });
  await grantBoard(privateBoard.id, granted.id);

  const put = async (key: string, boardId: string, values: Parameters<typeof insertPost>[1] = {}) => {
    const row = await insertPost(boardId, { title: `Post ${key}`, authorId: author.id, ...values });
    numbers[key] = row.number;
    return row;
  };
  await put('hostile', publicBoard.id, { title: HOSTILE_TITLE, body: HOSTILE_BODY, createdAt: new Date('2026-01-01T10:00:00Z') });
  await put('plain', publicBoard.id, { createdAt: new Date('2026-01-02T10:00:00Z'), updatedAt: new Date('2026-01-05T10:00:00Z') });
  await put('pending', publicBoard.id, { approval: 'pending' });
  await put('rejected', publicBoard.id, { approval: 'rejected' });
  await put('deleted', publicBoard.id, { deletedAt: new Date() });
  const target = await put('target', publicBoard.id);
  await put('merged', publicBoard.id, { mergedIntoId: target.id, mergedAt: new Date() });
  await put('private', privateBoard.id);
  await put('archived', archivedBoard.id);
  const gone = await createTestActor('member', { displayName: 'Gone Person' });
  await put('orphan', publicBoard.id, { authorId: gone.id });
  // Only the deletion mark: the name must not show even where it was not erased.
  await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
  await put('authorless', publicBoard.id, { authorId: null });
});

beforeEach(() => setAccess('public'));

describe('a board feed', () => {
  it('is a valid Atom feed of the board’s listed posts, newest first, with absolute links', async () => {
    const res = await boardFeed('ideas');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseXml(res.text);
    expectValidAtom(feed);
    expect(child(feed, 'id')!.text).toBe(`${base()}/b/ideas`);
    expect(child(feed, 'title')!.text).toBe('Ideas & "wishes" · Acme <Feedback>');
    expect(child(feed, 'subtitle')!.text).toBe('What you <want>');
    expect(childrenNamed(feed, 'link').find((l) => l.attrs.rel === 'self')!.attrs.href).toBe(`${base()}/b/ideas/feed.xml`);
    expect(childrenNamed(feed, 'link').find((l) => l.attrs.rel === 'alternate')!.attrs.href).toBe(`${base()}/b/ideas`);
    expect(entryTitles(feed)).toEqual(['Post authorless', 'Post orphan', 'Post target', 'Post plain', CLEAN_TITLE]);
    const plain = entries(feed).find((e) => child(e, 'title')!.text === 'Post plain')!;
    expect(child(plain, 'id')!.text).toBe(`${base()}/p/${numbers.plain}`);
    expect(child(plain, 'link')!.attrs.href).toBe(`${base()}/p/${numbers.plain}-post-plain`);
    expect(child(plain, 'published')!.text).toBe('2026-01-02T10:00:00Z');
    expect(child(plain, 'updated')!.text).toBe('2026-01-05T10:00:00Z');
    expect(child(child(plain, 'author')!, 'name')!.text).toBe('Ada <b>Lovelace</b>');
  });

  it('carries hostile titles and bodies as text: escaped, control characters dropped, emoji kept, no markup', async () => {
    const res = await boardFeed('ideas');
    expect(res.text).not.toContain('<script');
    expect(res.text).not.toContain('<img');
    expect(res.text).not.toContain(']]>');
    const entry = entries(parseXml(res.text)).find((e) => child(e, 'title')!.text === CLEAN_TITLE)!;
    const content = child(entry, 'content')!;
    expect(content.attrs.type).toBe('html');
    // The HTML a reader renders: the raw tag is text in it, the Markdown is markup, the bad link is gone.
    expect(content.text).toBe('<p>Hello &lt;img src=x onerror=alert(1)&gt; ]]&gt; <strong>bold</strong> evil  🚀</p>');
  });

  it('names a deleted or missing author "Deleted user"', async () => {
    const feed = parseXml((await boardFeed('ideas')).text);
    for (const title of ['Post orphan', 'Post authorless']) {
      const entry = entries(feed).find((e) => child(e, 'title')!.text === title)!;
      expect(child(child(entry, 'author')!, 'name')!.text).toBe('Deleted user');
    }
    expect(JSON.stringify(feed)).not.toContain('Gone Person');
  });

  it('leaves out pending, rejected, deleted and merged posts, also for the team and the author', async () => {
    for (const as of [undefined, team.admin, author]) {
      const titles = entryTitles(parseXml((await boardFeed('ideas', { as })).text));
      for (const key of ['pending', 'rejected', 'deleted', 'merged', 'private', 'archived']) expect(titles).not.toContain(`Post ${key}`);
    }
  });

  it('is 404 for a private board, even for the team and granted members, and for unknown or malformed slugs', async () => {
    for (const as of [undefined, team.admin, granted]) {
      const res = await boardFeed('secret', { as });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Secret');
    }
    expect((await boardFeed('nope')).status).toBe(404);
    expect((await boardFeed('../x\u0000')).status).toBe(404);
  });

  it('stays for an archived board, which can still be read', async () => {
    const res = await boardFeed('OLD');
    expect(res.status).toBe(200);
    expect(entryTitles(parseXml(res.text))).toEqual(['Post archived']);
  });

  it('is valid with no posts, its updated date the board’s', async () => {
    const feed = parseXml((await boardFeed('empty')).text);
    expectValidAtom(feed);
    expect(entries(feed)).toEqual([]);
    expect(child(feed, 'updated')!.text).toBe(emptyBoard.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });

  it('keeps the visitors’ copy until content changes, then shows the change', async () => {
    const before = entryTitles(parseXml((await boardFeed('ideas')).text));
    const late = await insertPost(publicBoard.id, { title: 'Post late', authorId: author.id });
    const afterInsert = entryTitles(parseXml((await boardFeed('ideas')).text));
    // The embedded database keeps an exact copy; with PostgreSQL the tests keep none (CHORUS_VISITOR_CACHE_SECONDS=0).
    if (visitorCacheMaxAgeMs() > 0) expect(afterInsert).toEqual(before);
    else expect(afterInsert[0]).toBe('Post late');
    bumpContentGeneration();
    expect(entryTitles(parseXml((await boardFeed('ideas')).text))[0]).toBe('Post late');
    await db().update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, late.id));
    bumpContentGeneration();
  });

  it('answers 304 to a reader that has the current copy, and 405 to other methods', async () => {
    const first = await boardFeed('ideas');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await boardFeed('ideas', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await boardFeed('ideas', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    const post = await boardFeed('ideas', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('the changelog feed', () => {
  const entry = (over: Partial<ChangelogFeedEntry>): ChangelogFeedEntry => ({
    slug: 'dark-mode',
    title: 'Dark mode',
    body: 'Now **dark**.',
    label: 'New',
    publishedAt: new Date('2026-03-01T09:00:00Z'),
    updatedAt: new Date('2026-03-02T09:00:00Z'),
    ...over,
  });

  it('is a valid Atom feed of the entries the source gives, escaped, with labels as categories', async () => {
    let asked = 0;
    const handler = changelogFeedHandler(async (limit) => {
      asked = limit;
      return [entry({ slug: 'x-1', title: HOSTILE_TITLE, body: HOSTILE_BODY, label: '<b>Fixed</b>' }), entry({ label: null })];
    });
    const res = await callRoute(handler, { path: '/changelog/feed.xml' });
    expect(res.status).toBe(200);
    expect(asked).toBe(50);
    const feed = parseXml(res.text);
    expectValidAtom(feed);
    expect(child(feed, 'id')!.text).toBe(`${base()}/changelog`);
    expect(childrenNamed(feed, 'link').find((l) => l.attrs.rel === 'self')!.attrs.href).toBe(`${base()}/changelog/feed.xml`);
    expect(child(feed, 'updated')!.text).toBe('2026-03-02T09:00:00Z');
    const [hostile, plain] = entries(feed);
    expect(child(hostile!, 'title')!.text).toBe(CLEAN_TITLE);
    expect(child(hostile!, 'id')!.text).toBe(`${base()}/changelog/x-1`);
    expect(child(hostile!, 'category')!.attrs.term).toBe('<b>Fixed</b>');
    expect(child(hostile!, 'content')!.text).not.toContain('<img');
    expect(child(plain!, 'category')).toBeUndefined();
    expect(child(plain!, 'content')!.text).toBe('<p>Now <strong>dark</strong>.</p>');
  });

  it('is valid when empty, and 404 in a workspace that requires sign-in, without asking the source', async () => {
    let asked = false;
    const handler = changelogFeedHandler(async () => {
      asked = true;
      return [];
    });
    expectValidAtom(parseXml((await callRoute(handler)).text));
    asked = false;
    await setAccess('sign_in_required');
    expect((await callRoute(handler, { as: team.admin })).status).toBe(404);
    expect(asked).toBe(false);
  });
});

describe('a workspace that requires sign-in', () => {
  it('has no feeds, an empty sitemap and a robots.txt that disallows everything', async () => {
    await setAccess('sign_in_required');
    for (const as of [undefined, team.admin]) {
      expect((await boardFeed('ideas', { as })).status).toBe(404);
      const map = await sitemap({ as });
      expect(map.status).toBe(200);
      const doc = parseXml(map.text);
      expect(doc.name).toBe('urlset');
      expect(childrenNamed(doc, 'url')).toEqual([]);
      const txt = (await robots({ as })).text;
      expect(txt).toBe('User-agent: *\nDisallow: /\n');
    }
  });

  it('is treated the same before setup is done', async () => {
    await db().update(workspaceSettings).set({ setupCompletedAt: null }).where(eq(workspaceSettings.id, 1));
    forgetWorkspace();
    bumpContentGeneration();
    expect((await boardFeed('ideas')).status).toBe(404);
    expect((await robots()).text).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('the sitemap', () => {
  it('lists the home page, public boards (archived too) and listed posts, and nothing private, pending, deleted or merged', async () => {
    for (const as of [undefined, team.admin, granted]) {
      const res = await sitemap({ as });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const doc = parseXml(res.text);
      expect(doc.ns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const locs = sitemapLocs(doc);
      expect(locs[0]).toBe(`${base()}/`);
      expect(locs).toContain(`${base()}/roadmap`);
      expect(locs.filter((l) => l.startsWith(`${base()}/b/`)).sort()).toEqual([
        `${base()}/b/empty`,
        `${base()}/b/ideas`,
        `${base()}/b/old`,
      ]);
      expect(locs).toContain(`${base()}/p/${numbers.plain}-post-plain`);
      expect(locs).toContain(`${base()}/p/${numbers.archived}-post-archived`);
      expect(locs).toContain(`${base()}/p/${numbers.hostile}-ship-script-alert-1-script-this-now`);
      for (const key of ['pending', 'rejected', 'deleted', 'merged', 'private']) {
        expect(
          locs.some((l) => l.startsWith(`${base()}/p/${numbers[key]}-`) || l === `${base()}/p/${numbers[key]}`),
          key,
        ).toBe(false);
      }
      expect(res.text).not.toContain('secret');
      for (const url of childrenNamed(doc, 'url').filter((u) => child(u, 'loc')!.text.includes('/p/'))) {
        expect(child(url, 'lastmod')!.text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      }
    }
  });
});

describe('robots.txt', () => {
  it('allows public pages, disallows the team area, the API, settings and sign-in pages, and names the sitemap', async () => {
    const res = await robots();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/api/', '/settings', '/login', '/signup', '/magic-link', '/reset-password']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });
});
