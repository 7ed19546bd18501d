import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminContext } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * Server code never reaches the browser: no script a page loads may contain the database
 * schema, the session code or the server's libraries. (A page's getServerSideProps must live in
 * a *.loader.ts beside it: re-exported from the component's module, Next.js cannot strip it.)
 *
 * Every page file under src/pages is visited, by a visitor and by an admin (who also loads the
 * team controls fetched on demand), so a new page is covered without editing this list. Every
 * script the browser fetched is then read again by URL: a body that cannot be read fails the
 * test instead of counting as clean.
 */
const SERVER_MARKERS = ['workspace_settings', 'token_hash', 'rate_limits', 'pg_advisory_lock', '@node-rs/argon2', 'pino-std-serializers'];
const PAGES_DIR = path.resolve(process.cwd(), 'src/pages');
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

/** Visits each URL and returns the scripts the browser fetched, plus inline script text. */
async function scriptsOf(page: Page, urls: string[]): Promise<{ fetched: Set<string>; inline: string[] }> {
  const fetched = new Set<string>();
  const inline: string[] = [];
  let lastScriptAt = Date.now();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') lastScriptAt = Date.now();
  });
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') fetched.add(res.url());
  });
  for (const url of urls) {
    const res = await page.goto(url);
    expect(res, url).not.toBeNull();
    await page.waitForLoadState('load');
    // Scripts loaded on demand after hydration (the team's controls) count too: wait until none has
    // started for a while. Not 'networkidle': with analytics pointed at a host that never answers,
    // the network never idles.
    await expect.poll(() => Date.now() - lastScriptAt, { timeout: 10_000, intervals: [250] }).toBeGreaterThan(750);
    await expect(page.locator('main, [role="main"]').first(), `${url} renders the shell`).toBeAttached();
    inline.push(...(await page.$$eval('script:not([src])', (nodes) => nodes.map((n) => n.textContent ?? ''))));
  }
  return { fetched, inline };
}

test('no script served to the browser contains server code', async ({ guardedPage: page, browser, baseURL }) => {
  // Every page twice (a visitor, the admin), each until its on-demand scripts settle: about 2 minutes on
  // two quiet cores, and it ran out of 3 minutes while other work shared them.
  test.setTimeout(300_000);
  const admin = await adminContext(browser, baseURL!);
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

  const visitor = await scriptsOf(page, urls);
  const adminPage = await admin.newPage();
  const team = await scriptsOf(adminPage, urls);

  const scriptUrls = [...new Set([...visitor.fetched, ...team.fetched])];
  expect(scriptUrls.length).toBeGreaterThan(10);
  const leaks: string[] = [];
  for (const url of scriptUrls) {
    const res = await page.request.get(url);
    expect(res.status(), `script ${url} can be read`).toBe(200);
    const body = await res.text();
    expect(body.length, `script ${url} has a body`).toBeGreaterThan(0);
    leaks.push(...SERVER_MARKERS.filter((m) => body.includes(m)).map((m) => `${url}: ${m}`));
  }
  for (const body of [...visitor.inline, ...team.inline])
    leaks.push(...SERVER_MARKERS.filter((m) => body.includes(m)).map((m) => `inline script: ${m}`));
  expect(leaks).toEqual([]);
  await admin.close();
});
