import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { adminContext } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * Server code never reaches the browser: no script a page loads may contain the database
 * schema, the session code or the server's libraries. (A page's getServerSideProps must live in
 * a *.loader.ts beside it: re-exported from the component's module, Next.js cannot strip it.)
 *
 * Every script the build can send a browser is a file under .next/static (the server answers
 * /_next/static/* from there), including the chunks the team's controls load on demand: each is
 * read from disk. Every page file under src/pages is then fetched, by a visitor and by an admin,
 * so a new page is covered without editing this list: each script it names must be one of those
 * files, and its inline scripts (the page's data among them) must carry no server code either.
 */
const SERVER_MARKERS = ['workspace_settings', 'token_hash', 'rate_limits', 'pg_advisory_lock', '@node-rs/argon2', 'pino-std-serializers'];
const PAGES_DIR = path.resolve(process.cwd(), 'src/pages');
const STATIC_DIR = path.resolve(process.cwd(), '.next/static');
const NOT_PAGES = new Set(['_app', '_document', '_error']);
/** Entries that answer a document (feed.xml, sitemap.xml, robots.txt), not a screen: they send no HTML and no script. */
const DOCUMENT_ENTRY = /\.(?:xml|txt)\.tsx$/;

function pageFiles(dir = PAGES_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'api' ? [] : pageFiles(full);
    return /\.tsx$/.test(name) && !DOCUMENT_ENTRY.test(name) && !NOT_PAGES.has(name.replace(/\.tsx$/, ''))
      ? [path.relative(PAGES_DIR, full)]
      : [];
  });
}

/** The URL that opens a page file, with its dynamic segments filled from `samples`. */
function urlOf(file: string, samples: Record<string, string>): string {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((s, i, all) => !(s === 'index' && i === all.length - 1))
    .map((s) => {
      const dynamic = /^\[(?:\.\.\.)?([^\]]+)\]$/.exec(s);
      if (!dynamic) return s;
      const value = samples[dynamic[1]!];
      if (!value) throw new Error(`no sample value for ${s} in ${file}: add one to this spec`);
      return value;
    });
  return `/${segments.join('/')}`;
}

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

const markersIn = (text: string) => SERVER_MARKERS.filter((m) => text.includes(m));

test('no script the build can send a browser contains server code', () => {
  const scripts = filesBelow(STATIC_DIR).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  const leaks = scripts.flatMap((f) => markersIn(readFileSync(path.join(STATIC_DIR, f), 'utf8')).map((m) => `${f}: ${m}`));
  expect(leaks).toEqual([]);
});

/** The scripts a page's HTML names, and the text of its inline scripts. */
async function scriptsOf(request: APIRequestContext, url: string): Promise<{ sources: string[]; inline: string[] }> {
  const res = await request.get(url);
  expect(res.headers()['content-type'], `${url} answers a page`).toContain('text/html');
  const html = await res.text();
  expect(html, `${url} renders the shell`).toMatch(/<main\b|role="main"/);
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { sources, inline };
}

test('every page, for a visitor and an admin, loads only the build’s scripts and inlines no server code', async ({
  browser,
  baseURL,
  playwright,
}) => {
  const admin = await adminContext(browser, baseURL!);
  const visitor = await playwright.request.newContext({ baseURL });
  const board = await createBoard(admin.request, baseURL!, 'bundle');
  const post = await createPost(admin.request, baseURL!, board.slug, 'A post for the bundle check');
  const entry = await admin.request.post('/api/v1/admin/changelog', {
    data: { title: `Bundle check ${Date.now().toString(36)}`, label: 'new' },
    headers: { Origin: baseURL! },
  });
  const { id, slug } = (await entry.json()) as { id: string; slug: string };
  await admin.request.post(`/api/v1/admin/changelog/${id}/publish`, { headers: { Origin: baseURL! } });
  const urls = pageFiles().map((f) =>
    urlOf(f, { board: board.slug, number: String(post.number), slug, unknown: 'no-such-page', provider: 'oidc' }),
  );
  for (const kind of ['/p/', '/b/', '/admin/', '/settings'])
    expect(
      urls.some((u) => u.startsWith(kind)),
      `a ${kind} page is covered`,
    ).toBe(true);

  const problems: string[] = [];
  let named = 0;
  for (const [who, request] of [
    ['visitor', visitor],
    ['admin', admin.request],
  ] as const) {
    for (const url of urls) {
      const { sources, inline } = await scriptsOf(request, url);
      named += sources.length;
      for (const src of sources) {
        const file = /^\/_next\/static\/([^?#]+)/.exec(src)?.[1];
        if (!file || !existsSync(path.join(STATIC_DIR, file))) problems.push(`${who} ${url}: a script outside the build: ${src}`);
      }
      for (const body of inline) problems.push(...markersIn(body).map((m) => `${who} ${url}: inline script: ${m}`));
    }
  }
  expect(named).toBeGreaterThan(urls.length);
  expect(problems).toEqual([]);
  await visitor.dispose();
  await admin.close();
});
