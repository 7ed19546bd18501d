/**
 * The embeddable widget in Chromium (docs/widget.md). A host product's page on another loopback
 * site (127.0.0.2, started here) embeds it with the documented snippet: the launcher shows the
 * "What's new" badge; the panel opens as a dialog with focus inside, signs the person in with the
 * host's identify token (a widget session in memory: the board's cookie is never sent to a
 * cross-site frame), votes, posts with similar suggestions, reads "What's new" (the badge clears
 * and stays clear after a reload), and Esc closes it with focus back on the launcher; the host
 * hears vote.created and post.created. Without identify the panel is read-only with a sign-in
 * link; forged messages from another origin change nothing in either direction; a page on an
 * origin that is not allowed cannot frame it at all. Headers, and axe in both themes at 360 and
 * 1280 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { apiSignIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { createBoard, createPost } from './support/posts';
import { expect, test } from './support/fixtures';
import { identifyToken, startHost, type HostServer } from './support/widget-host';

const ALLOWED_HOST = '127.0.0.2';
const OTHER_HOST = '127.0.0.3';

interface World {
  secret: string;
  board: { slug: string; name: string };
  existing: { number: number; title: string };
  host: HostServer;
  other: HostServer;
}

let world: World;

async function publishEntry(admin: APIRequestContext, baseURL: string, title: string): Promise<void> {
  const created = await admin.post('/api/v1/admin/changelog', {
    data: { title, body: 'Shipped today.', label: 'new' },
    headers: { Origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await admin.post(`/api/v1/admin/changelog/${id}/publish`, { headers: { Origin: baseURL } })).status()).toBe(200);
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { chorusEvents: { name: string }[] }).chorusEvents.map((e) => e.name));
const launcher = (page: Page) => page.getByRole('button', { name: /^Feedback/ });
const panel = (page: Page) => page.frameLocator('#chorus-widget-dialog iframe');

test.describe('the embeddable widget', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const secretRes = await admin.post('/api/v1/admin/identify/secret', { headers: { Origin: baseURL! } });
    expect(secretRes.status()).toBe(200);
    const { secret } = (await secretRes.json()) as { secret: string };
    const board = await createBoard(admin, baseURL!, 'widget');
    const title = `Dark mode for the reports ${Date.now().toString(36)}`;
    const existing = await createPost(admin, baseURL!, board.slug, title);
    await publishEntry(admin, baseURL!, `Faster exports ${Date.now().toString(36)}`);
    const other = await startHost({ host: OTHER_HOST, port: PORTS.widgetOther, boardUrl: baseURL!, board: board.slug });
    const host = await startHost({
      host: ALLOWED_HOST,
      port: PORTS.widgetHost,
      boardUrl: baseURL!,
      board: board.slug,
      secret,
      otherOrigin: other.origin,
    });
    await admin.dispose();
    world = { secret, board, existing: { number: existing.number, title }, host, other };
  });

  test.afterAll(async () => {
    await world?.host.close();
    await world?.other.close();
  });

  test('an admin allows the host origin in the settings; a bad origin is refused inline', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    await apiSignIn(context.request, baseURL!);
    const page = await context.newPage();
    await page.goto('/admin/settings');
    const field = page.getByLabel('Sites that may embed the widget');
    await field.fill('https://app.example.com/path');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(/Not an origin/)).toBeVisible();
    await field.fill(`${world.host.origin}\n`);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Sites that may embed the widget')).toHaveValue(world.host.origin);
    await context.close();
  });

  test('only the widget is frameable, and only by the allowed origins; the loader is served as JavaScript', async ({ request }) => {
    const widget = await request.get(`/widget?host=${encodeURIComponent(world.host.origin)}`);
    expect(widget.status()).toBe(200);
    expect(widget.headers()['content-security-policy']).toContain(`frame-ancestors ${world.host.origin}`);
    expect(widget.headers()['x-frame-options']).toBeUndefined();
    const home = await request.get('/');
    expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home.headers()['x-frame-options']).toBe('DENY');
    const script = await request.get('/widget.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  test('identify, vote, post with suggestions, read "What\'s new": the badge clears, Esc closes', async ({ guardedPage: page }) => {
    test.setTimeout(120_000);
    await page.goto(world.host.origin);
    // The badge counts the entries published since the last visit (none yet).
    await expect(launcher(page)).toHaveAccessibleName(/^Feedback \(\d+ new updates?\)$/);
    await expect.poll(() => events(page)).toContain('identified');

    await launcher(page).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await expect(dialog).toBeVisible();
    await expect(panel(page).getByTestId('widget-search')).toBeFocused();
    await expect(panel(page).getByTestId('widget-person')).toHaveText('Signed in as Hana Host');

    // Vote on the existing request; the host hears it.
    const row = panel(page).getByRole('listitem').filter({ hasText: world.existing.title });
    await row.getByTestId('widget-vote').click();
    await expect(row.getByTestId('widget-vote')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => events(page)).toContain('vote.created');

    // Search finds it.
    await panel(page).getByTestId('widget-search').fill('reports');
    await expect(panel(page).getByRole('status')).toHaveText(/1 matching request/);

    // Post a new one: the title suggests the similar request first.
    await panel(page).getByTestId('widget-new').click();
    await expect(panel(page).getByTestId('widget-title')).toBeFocused();
    await panel(page).getByTestId('widget-title').fill('Dark mode for reports please');
    await expect(panel(page).getByTestId('widget-similar')).toContainText(world.existing.title);
    expect(await axeViolations(page, 'the new-request form in the panel')).toEqual([]);
    await panel(page).getByTestId('widget-body').fill('Our team works at night.');
    await panel(page).getByRole('button', { name: 'Post request' }).click();
    await expect(panel(page).getByTestId('widget-notice')).toContainText('Your request is posted');
    await expect.poll(() => events(page)).toContain('post.created');
    await expect(panel(page).getByTestId('widget-posts')).toContainText('Dark mode for reports please');

    // What's new: reading it clears the badge.
    await panel(page).getByTestId('widget-tab-whats-new').click();
    await expect(panel(page).getByTestId('widget-entries')).toContainText('Faster exports');
    await expect(launcher(page)).toHaveAccessibleName('Feedback');

    // Esc (inside the panel) closes it and gives focus back to the launcher.
    await panel(page).getByTestId('widget-tab-whats-new').press('Escape');
    await expect(dialog).toBeHidden();
    await expect(launcher(page)).toBeFocused();

    // Stored on the host's side: still clear after a reload.
    await page.reload();
    await expect.poll(() => events(page)).toContain('ready');
    await expect(launcher(page)).toHaveAccessibleName('Feedback');
  });

  test('without identify the panel reads only; forged messages from another origin change nothing', async ({
    guardedPage: page,
    request,
    baseURL,
  }) => {
    await page.goto(`${world.host.origin}/anon`);
    await expect.poll(() => events(page)).toContain('ready');
    await launcher(page).click();
    await expect(panel(page).getByTestId('widget-sign-in')).toBeVisible();
    const signIn = panel(page).getByRole('link', { name: /Sign in on/ });
    await expect(signIn).toHaveAttribute('target', '_blank');
    await expect(signIn).toHaveAttribute('href', /\/login/);
    // A vote asks to sign in instead.
    await panel(page).getByRole('listitem').filter({ hasText: world.existing.title }).getByTestId('widget-vote').click();
    await expect(signIn).toBeFocused();

    // Another site's frame posts an identify with a real token, an open, an unread count and a close.
    const token = await identifyToken(world.secret, baseURL!, `forged-${Date.now().toString(36)}`, 'Forged Person');
    const evil = page.frame({ url: /\/evil$/ })!;
    await evil.evaluate((t) => (window as unknown as { fire: (t: string) => void }).fire(t), token);
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog', { name: 'Feedback' })).toBeVisible();
    await expect(panel(page).getByTestId('widget-sign-in')).toBeVisible();
    await expect(launcher(page)).not.toHaveAccessibleName(/42/);
    // The panel never used the token: it still starts a session.
    const exchange = await request.post('/api/v1/widget/session', { data: { token }, headers: { Origin: baseURL! } });
    expect(exchange.status()).toBe(201);
  });

  test('bound to the host’s own button: no launcher; it opens the panel and gets the focus back', async ({ guardedPage: page }) => {
    await page.goto(`${world.host.origin}/own-button`);
    await expect.poll(() => events(page)).toContain('ready');
    await expect(launcher(page)).toHaveCount(0);
    const own = page.getByRole('button', { name: 'Ideas and updates' });
    await expect(own).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(own).toHaveAttribute('data-chorus-unread', /^\d+$/);
    await own.click();
    await expect(page.getByRole('dialog', { name: 'Feedback' })).toBeVisible();
    await expect(own).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page).getByTestId('widget-search')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Feedback' })).toBeHidden();
    await expect(own).toBeFocused();
  });

  test('a page on an origin that is not allowed cannot frame the panel', async ({ browser }) => {
    const page = await browser.newPage();
    const refusals: string[] = [];
    page.on('console', (msg) => {
      if (/frame-ancestors/.test(msg.text())) refusals.push(msg.text());
    });
    await page.goto(world.other.origin);
    await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    expect(await events(page)).not.toContain('ready');
    await expect(panel(page).getByTestId('widget-search')).toHaveCount(0);
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the panel has no axe violations in the ${theme} theme at 360 and 1280 px`, async ({ guardedPage: page }) => {
      test.setTimeout(120_000);
      const url = `/widget?host=${encodeURIComponent(world.host.origin)}&board=${world.board.slug}&theme=${theme}`;
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 720 });
        await page.goto(url);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        expect(await axeViolations(page, `panel ${theme} ${width}px`)).toEqual([]);
        await page.getByTestId('widget-tab-whats-new').click();
        expect(await axeViolations(page, `What's new ${theme} ${width}px`)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `the panel scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      }
    });
  }

  test('on a phone the panel fills the screen, and the host page with it open has no axe violations', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 360, height: 720 });
    await page.goto(`${world.host.origin}/anon`);
    await expect.poll(() => events(page)).toContain('ready');
    await launcher(page).click();
    const box = await page.getByRole('dialog', { name: 'Feedback' }).boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 360, height: 720 });
    expect(await axeViolations(page, 'host page with the panel open')).toEqual([]);
  });
  // The panel's language follows the framed request's Accept-Language (the browser's); the
  // launcher's text is the host's data-label ("Feedback" by default), in the host page's words.
  for (const [locale, words] of [
    [
      'de-DE',
      { lang: 'de', dir: 'ltr', tabs: ['Wünsche', 'Neuigkeiten'], search: 'Wünsche durchsuchen', person: 'Angemeldet als Hana Host' },
    ],
    ['ar', { lang: 'ar', dir: 'rtl', tabs: ['الطلبات', 'الجديد'], search: 'البحث في الطلبات', person: 'مسجّل الدخول باسم Hana Host' }],
  ] as const) {
    test(`the panel speaks the browser's language: ${locale}`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(world.host.origin);
      await expect.poll(() => events(page)).toContain('identified');
      await launcher(page).click();
      const frame = panel(page);
      await expect(frame.locator('html')).toHaveAttribute('lang', words.lang);
      await expect(frame.locator('html')).toHaveAttribute('dir', words.dir);
      await expect(frame.getByTestId('widget-tab-requests')).toHaveText(words.tabs[0]);
      await expect(frame.getByTestId('widget-tab-whats-new')).toHaveText(new RegExp(`^${words.tabs[1]}`));
      await expect(frame.getByLabel(words.search)).toBeFocused();
      // The person's name (content) stays as given, inside the translated sentence.
      await expect(frame.getByTestId('widget-person')).toHaveText(words.person);
      await expect(frame.getByText(world.existing.title)).toBeVisible();
      expect(await axeViolations(page, `panel in ${locale}`)).toEqual([]);
      await context.close();
    });
  }
});
