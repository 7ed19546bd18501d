import { apiSignIn } from './support/accounts';
import { createBoard, createPost } from './support/posts';
import { expect, test, trackDataRequests } from './support/fixtures';
import type { Page } from '@playwright/test';

test.describe('pages are addressed by path', () => {
  for (const [path, heading] of [
    ['/', 'Boards'],
    ['/privacy', 'Privacy'],
    ['/docs/api', 'API reference'],
  ] as const) {
    test(`${path} shows the same screen after a reload`, async ({ guardedPage: page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('a client-side navigation loads the page data from the server and a reload keeps the screen', async ({ guardedPage: page }) => {
    await page.goto('/');
    const data = trackDataRequests(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    expect(data.some((u) => /\/_next\/data\/[^/]+\/privacy\.json/.test(u))).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
    expect(data.some((u) => /\/_next\/data\/[^/]+\/index\.json/.test(u))).toBe(true);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  });

  test('after a client-side navigation, focus moves to the new page heading', async ({ guardedPage: page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Privacy' });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(/^Privacy · /);
  });
});

/** The top loader arrives after hydration (composition/shell/TopLoader.tsx); its style element says it has. */
const topLoaderReady = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('#nprogress')));

type RouterWindow = { next: { router: { events: { on: (event: string, handler: () => void) => void } } }; routeStarts: number };

/** Counts the client-side navigations the router starts from now on (read with `routeStartsSeen`). */
const countRouteStarts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as RouterWindow;
    w.routeStarts = 0;
    w.next.router.events.on('routeChangeStart', () => (w.routeStarts += 1));
  });
/** After two frames, so that what the last event set off (effects included) has begun. */
const routeStartsSeen = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as RouterWindow).routeStarts))),
      ),
  );

test.describe('the loading indicator', () => {
  test('shows at the top during a client-side page navigation and is announced politely', async ({ guardedPage: page }) => {
    await page.goto('/');
    await topLoaderReady(page);
    // Hold the page data briefly so the indicator can be observed while the navigation runs.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/data/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeVisible();
    // Decoration only: no (invalid) role, hidden from assistive technology, which hears the status below.
    await expect(bar).not.toHaveAttribute('role', /.*/);
    await expect(bar).toHaveAttribute('aria-hidden', 'true');
    const box = await bar.boundingBox();
    expect(box?.y).toBe(0);
    expect(box?.height).toBeLessThanOrEqual(4);
    await expect(page.getByTestId('navigation-status')).toHaveText('Loading page…');
    await expect(page.getByTestId('navigation-status')).toHaveAttribute('aria-live', 'polite');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page.locator('#nprogress')).toHaveCount(0);
    await expect(page.getByTestId('navigation-status')).toHaveText('');
  });

  test('does not animate when reduced motion is requested', async ({ guardedPage: page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await topLoaderReady(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/data/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  });
});

test.describe('hash-only navigation stays on the page', () => {
  test('the skip link moves focus to the main content without fetching or loading', async ({ guardedPage: page }) => {
    await page.goto('/docs/api');
    await topLoaderReady(page);
    await countRouteStarts(page);
    const data = trackDataRequests(page);
    let indicatorSeen = false;
    await page.exposeFunction('__indicatorSeen', () => (indicatorSeen = true));
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) (window as unknown as { __indicatorSeen: () => void }).__indicatorSeen();
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/api#main$/);
    await expect(page.locator('#main')).toBeFocused();
    // A wrongly started navigation would have started by now.
    expect(await routeStartsSeen(page)).toBe(0);
    expect(data).toEqual([]);
    expect(indicatorSeen).toBe(false);
  });

  test('a table-of-contents link scrolls to and focuses its section without refetching', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 800, height: 400 });
    await page.goto('/privacy');
    await topLoaderReady(page);
    await countRouteStarts(page);
    const data = trackDataRequests(page);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'What is stored in your browser' }).click();
    await expect(page).toHaveURL(/\/privacy#your-data$/);
    const section = page.locator('#your-data');
    await expect(section).toBeFocused();
    await expect(section).toBeInViewport();
    await toc.getByRole('link', { name: 'Usage analytics' }).click();
    await expect(page.locator('#analytics')).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL(/#your-data$/);
    await expect(section).toBeFocused();
    expect(await routeStartsSeen(page)).toBe(0);
    expect(data).toEqual([]);
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('a deep link with a fragment scrolls to and focuses its target on load', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 800, height: 300 });
    await page.goto('/docs/api#main');
    await expect(page.locator('#main')).toBeFocused();
  });
});

test('each public page has one description for search results: its own where it has one, else the workspace’s', async ({
  browser,
  baseURL,
}) => {
  const admin = await browser.newContext();
  await apiSignIn(admin.request, baseURL!);
  const board = await createBoard(admin.request, baseURL!, 'meta');
  const described = await admin.request.patch(`/api/v1/boards/${board.slug}`, {
    data: { description: 'Requests about   exports\nand reports.' },
    headers: { Origin: baseURL! },
  });
  expect(described.ok()).toBe(true);
  const post = await createPost(
    admin.request,
    baseURL!,
    board.slug,
    `Meta check ${Date.now()}`,
    'Exports should keep **bold** text.\n\n- one\n- two',
  );
  await admin.close();

  const visitor = await browser.newPage();
  const description = async (path: string) => {
    await visitor.goto(path);
    const tags = visitor.locator('meta[name="description"]');
    await expect(tags).toHaveCount(1);
    return tags.getAttribute('content');
  };
  const workspace = /^Share ideas with .+, vote for what matters to you and follow what ships\.$/;
  expect(await description('/')).toMatch(workspace);
  expect(await description('/roadmap')).toMatch(workspace);
  expect(await description(`/b/${board.slug}`)).toBe('Requests about exports and reports.');
  expect(await description(`/p/${post.number}`)).toBe('Exports should keep bold text. one · two');
  await visitor.close();
});
