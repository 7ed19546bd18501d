import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { apiSignIn } from './support/accounts';
import { STANDIN_FLAGS, type RecordedRequest } from './support/posthog-standin';
import { createBoard, createPost } from './support/posts';
import { axeViolations } from './support/axe';

/**
 * Usage analytics (SPEC.md §7, ARCHITECTURE.md §12), against the server configured with the
 * PostHog stand-in (e2e/support/posthog-standin.ts), which records every request it receives.
 */
const STANDIN = `http://127.0.0.1:${PORTS.standin}`;
/** Present in posthog-js's bundle only: how a downloaded script is recognised as analytics code. */
const POSTHOG_MARKER = '__PosthogExtensions__';

test.describe.configure({ mode: 'serial' });

interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
}

async function requests(api: APIRequestContext): Promise<RecordedRequest[]> {
  const res = await api.get(`${STANDIN}/__standin/requests`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as RecordedRequest[];
}

/** Events in a recorded request: `{batch: [...]}`, an array, or a single event. */
function eventsIn(r: RecordedRequest): CapturedEvent[] {
  const body = r.body as { batch?: unknown } | unknown[] | null;
  const list = Array.isArray(body) ? body : body && Array.isArray(body.batch) ? body.batch : body ? [body] : [];
  return (list as CapturedEvent[]).filter((e) => e && typeof e.event === 'string');
}

const isEventPath = (p: string) => p === '/e/' || p === '/i/v0/e/' || p === '/batch/';

async function events(api: APIRequestContext, name?: string): Promise<CapturedEvent[]> {
  const all = (await requests(api)).filter((r) => isEventPath(r.path)).flatMap(eventsIn);
  return name ? all.filter((e) => e.event === name) : all;
}

async function pageviewUrls(api: APIRequestContext): Promise<string[]> {
  return (await events(api, '$pageview')).map((e) => String(e.properties.$current_url));
}

/** Remembers whether any script the page downloaded is posthog-js. */
function watchAnalyticsChunk(page: Page) {
  const state = { loaded: false };
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.text().catch(() => '');
    if (body.includes(POSTHOG_MARKER)) state.loaded = true;
  });
  return state;
}

/** Content-Security-Policy violations, with the time they happened. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ at: Date.now(), directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile }),
    );
  });
  return async () =>
    page.evaluate(() => (window as unknown as { __csp: Array<{ at: number; directive: string; blocked: string; source: string }> }).__csp);
}

/** Analytics state left in the browser: posthog-js keys in storage and cookies. */
async function analyticsStorage(page: Page) {
  const [local, session] = await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)]);
  const cookies = (await page.context().cookies()).map((c) => c.name);
  const isPosthog = (k: string) => /^(ph_|__ph|posthog)/i.test(k);
  return {
    local: local!.filter(isPosthog),
    session: session!.filter(isPosthog),
    cookies: cookies.filter(isPosthog),
    consent: await page.evaluate(() => localStorage.getItem('chorus.consent')),
  };
}

type MarkedWindow = Window & { __e2eSamePage?: boolean; next?: { router?: unknown } };

type NavLink = 'Boards' | 'Privacy' | 'Sign in';

/** Follows a link of the shell and checks it was a client-side route change (the window survived). */
async function clickNav(page: Page, name: NavLink, path: string) {
  await page.evaluate(() => ((window as MarkedWindow).__e2eSamePage = true));
  const link =
    name === 'Boards'
      ? page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })
      : name === 'Privacy'
        ? page.getByRole('contentinfo').getByRole('link', { name })
        : page.getByTestId('sign-in-link');
  await link.click();
  await expect(page).toHaveURL((u) => u.pathname === path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as MarkedWindow).__e2eSamePage)).toBe(true);
}

/** Loads a page and waits for Next.js to take over (router ready, effects run). */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => Boolean((window as MarkedWindow).next?.router));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
}

test.beforeEach(async ({ request }) => {
  const res = await request.post(`${STANDIN}/__standin/reset`);
  expect(res.ok()).toBe(true);
});

test('before consent: nothing is downloaded, sent or stored, across several pages', async ({ page, request }) => {
  const chunk = watchAnalyticsChunk(page);
  await gotoHydrated(page, '/');
  await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeVisible();
  await clickNav(page, 'Sign in', '/login');
  await clickNav(page, 'Boards', '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Your choice' }).click();
  await expect(page).toHaveURL(/#consent$/);
  await page.goto('/docs/api');
  await page.waitForTimeout(4000); // longer than posthog-js's batching interval (3 s)

  expect(await requests(request)).toEqual([]);
  expect(chunk.loaded).toBe(false);
  expect(await analyticsStorage(page)).toEqual({ local: [], session: [], cookies: [], consent: null });
  await expect(page.getByTestId('consent-banner')).toBeVisible();
});

test('the consent banner is accessible, keyboard reachable and fits a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoHydrated(page, '/');
  const banner = page.getByRole('region', { name: 'Analytics consent' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Decline' })).toBeVisible();

  expect(await axeViolations(page, 'the consent banner', { include: '[data-testid="consent-banner"]' })).toEqual([]);

  // Nothing overflows sideways, and the banner does not cover the focused skip link.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const [skipBox, bannerBox] = [await skip.boundingBox(), await banner.boundingBox()];
  expect(skipBox && bannerBox).toBeTruthy();
  expect(skipBox!.y + skipBox!.height).toBeLessThanOrEqual(bannerBox!.y);

  // Tab reaches Decline then Accept; Enter on Accept answers.
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await banner.getByRole('button', { name: 'Accept' }).evaluate((b) => b === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('chorus.consent'))).toBe('granted');
});

test('after Accept: config, flags and a pageview per route change, none for a hash change', async ({ page, request }) => {
  const chunk = watchAnalyticsChunk(page);
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('consent-banner')).toBeHidden();

  await expect
    .poll(async () => (await requests(request)).map((r) => r.path))
    .toEqual(expect.arrayContaining(['/array/phc_chorus_e2e/config', '/flags/']));
  await expect.poll(() => pageviewUrls(request)).toEqual([expect.stringMatching(/:\d+\/$/)]);
  expect(chunk.loaded).toBe(true);

  const consent = await events(request, 'consent_changed');
  expect(consent.map((e) => [e.properties.consent, e.properties.source])).toEqual([['granted', 'banner']]);

  await clickNav(page, 'Sign in', '/login');
  await expect.poll(() => pageviewUrls(request)).toHaveLength(2);
  await clickNav(page, 'Boards', '/');
  await expect.poll(() => pageviewUrls(request)).toHaveLength(3);

  // A hash-only change on the privacy page is not a page view.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect.poll(() => pageviewUrls(request)).toHaveLength(4);
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Do Not Track and Global Privacy Control' })
    .click();
  await expect(page).toHaveURL(/#do-not-track$/);
  await clickNav(page, 'Boards', '/'); // a later page view proves the batch after the hash change has arrived
  await expect.poll(() => pageviewUrls(request)).toHaveLength(5);

  const paths = (await pageviewUrls(request)).map((u) => new URL(u).pathname + new URL(u).hash);
  expect(paths).toEqual(['/', '/login', '/', '/privacy', '/']);

  // No scripts are fetched from the analytics host: everything comes in Chorus's own chunk.
  const all = await requests(request);
  expect(all.filter((r) => r.path.endsWith('.js') || r.path.startsWith('/static/'))).toEqual([]);
});

test('session recordings arrive, with typed input masked, and nothing breaks the CSP', async ({ page, request }) => {
  test.setTimeout(60_000);
  const violations = await recordCspViolations(page);
  await gotoHydrated(page, '/privacy');
  // No Chorus page has a text field yet (the post form comes with the posts feature), so the test
  // adds an ordinary one, before recording starts, the way a form on any page would be.
  await page.evaluate(() => {
    const label = document.createElement('label');
    label.textContent = 'Test field ';
    const input = document.createElement('input');
    input.type = 'text';
    input.id = 'e2e-secret-field';
    label.append(input);
    document.getElementById('main')!.prepend(label);
  });
  const since = Date.now();
  await page.getByRole('button', { name: 'Accept' }).click();

  const snapshots = async () =>
    (await requests(request))
      .filter((r) => r.path === '/s/')
      .flatMap(eventsIn)
      .filter((e) => e.event === '$snapshot')
      .flatMap((e) => e.properties.$snapshot_data as Array<{ type: number; data?: { source?: number; text?: string; id?: number } }>);
  // Recording starts once the remote config (naming the /s/ endpoint) has been applied.
  await expect.poll(async () => (await requests(request)).some((r) => r.path.endsWith('/config'))).toBe(true);
  await page.waitForTimeout(1000);

  // posthog-js holds a recording until the visitor interacts; typing is the interaction.
  const SECRET = 'correct-horse-battery-staple-42';
  await page.locator('#e2e-secret-field').click();
  await page.locator('#e2e-secret-field').pressSequentially(SECRET, { delay: 10 });
  // A full snapshot (type 2) of the page, then the typing.
  await expect.poll(async () => (await snapshots()).some((s) => s.type === 2), { timeout: 20_000 }).toBe(true);
  // rrweb input events (incremental snapshot type 3, source 5) for the field: recorded, masked.
  const inputEvents = async () =>
    (await snapshots()).filter((s) => s.type === 3 && s.data?.source === 5 && typeof s.data.text === 'string');
  await expect.poll(async () => (await inputEvents()).some((s) => s.data!.text!.length === SECRET.length), { timeout: 20_000 }).toBe(true);
  expect((await inputEvents()).every((s) => /^\**$/.test(s.data!.text!))).toBe(true);

  const everything = JSON.stringify(await requests(request));
  expect(everything).not.toContain(SECRET);
  expect(everything).not.toContain('correct-horse');

  // posthog-js, its recorder and their requests run under the server's CSP without a violation.
  await clickNav(page, 'Boards', '/');
  await page.waitForTimeout(1000);
  expect((await violations()).filter((v) => v.at >= since)).toEqual([]);
});

test('the distinct id is the anonymous id, never an email address', async ({ page, request }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(async () => (await events(request)).length).toBeGreaterThan(0);
  const sent = [...(await events(request)), ...(await requests(request)).filter((r) => r.path === '/s/').flatMap(eventsIn)];
  const ids = new Set(sent.map((e) => e.properties.distinct_id));
  expect(ids.size).toBe(1);
  const [id] = [...ids];
  expect(typeof id).toBe('string');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(String(id)).not.toContain('@');
  const flags = (await requests(request)).filter((r) => r.path === '/flags/');
  expect(flags.every((r) => !JSON.stringify(r.body).includes('@'))).toBe(true);
});

for (const signal of [
  { name: 'Do Not Track', prop: 'doNotTrack', value: '1', text: /Do Not Track/ },
  { name: 'Global Privacy Control', prop: 'globalPrivacyControl', value: true, text: /Global Privacy Control/ },
] as const) {
  test(`${signal.name}: no banner and nothing sent, even with consent stored`, async ({ page, request }) => {
    await page.addInitScript(
      ({ prop, value }) => {
        Object.defineProperty(Navigator.prototype, prop, { get: () => value, configurable: true });
        localStorage.setItem('chorus.consent', 'granted');
      },
      { prop: signal.prop, value: signal.value },
    );
    const chunk = watchAnalyticsChunk(page);
    await gotoHydrated(page, '/');
    await clickNav(page, 'Sign in', '/login');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'blocked');
    await expect(page.getByTestId('consent-status')).toContainText(signal.text);
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Allow analytics', exact: true })).toHaveCount(0);
    await page.waitForTimeout(4000);
    expect(await requests(request)).toEqual([]);
    expect(chunk.loaded).toBe(false);
    expect((await analyticsStorage(page)).local).toEqual([]);
  });
}

test('a flag from the analytics service overrides the local default', async ({ page, request }) => {
  expect(STANDIN_FLAGS['similar-post-suggestions']).toBe(false); // Chorus's default is on
  await gotoHydrated(page, '/privacy');
  const rows = page.getByTestId('feature-flags').locator('tr[data-flag]');
  await expect(rows).toHaveCount(2);
  const row = rows.and(page.locator('[data-flag="similar-post-suggestions"]'));
  // A flag the service does not answer keeps its local default.
  const untouched = rows.and(page.locator('[data-flag="roadmap-voting"]'));
  await expect(row).toHaveAttribute('data-value', 'true');
  await expect(row).toContainText('Default');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(row).toHaveAttribute('data-value', 'false');
  await expect(row).toContainText('Analytics service');
  await expect(untouched).toHaveAttribute('data-value', 'true');
  await expect(untouched).toContainText('Default');
  expect((await requests(request)).some((r) => r.path === '/flags/')).toBe(true);
  expect(await axeViolations(page, 'the page', { include: 'main' })).toEqual([]);
});

test('similar-post-suggestions gates the suggestions on the new-post form', async ({ page, request, baseURL, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'flags');
    const existing = await createPost(admin, baseURL!, board.slug, 'Dark mode for the dashboard');
    await gotoHydrated(page, `/b/${board.slug}/new`);
    const similar = page.getByRole('region', { name: 'Similar posts' });

    // The local default (on): typing a near-duplicate title suggests the existing post.
    await page.getByLabel('Title').fill('Dark mode on the dashboard please');
    await expect(similar.getByRole('link', { name: 'Dark mode for the dashboard' })).toHaveAttribute(
      'href',
      `/p/${existing.number}-${existing.slug}`,
    );

    // The analytics service turns it off: the suggestions go, and typing asks for none.
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(async () => (await requests(request)).some((r) => r.path === '/flags/')).toBe(true);
    await expect(similar).toHaveCount(0);
    await expect(page.getByTestId('similar-posts')).toHaveCount(0);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/posts/similar')) asked.push(r.url());
    });
    await page.getByLabel('Title').fill('Dark mode for the dashboard, again');
    await page.waitForTimeout(1000); // longer than the suggestions' typing pause
    expect(asked).toEqual([]);
    await expect(similar).toHaveCount(0);
  } finally {
    await admin.dispose();
  }
});

test('Decline sends nothing; allowing later on the privacy page starts analytics', async ({ page, request }) => {
  const chunk = watchAnalyticsChunk(page);
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('chorus.consent'))).toBe('denied');
  await clickNav(page, 'Sign in', '/login');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'denied');
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  await page.waitForTimeout(4000);
  expect(await requests(request)).toEqual([]);
  expect(chunk.loaded).toBe(false);
  expect(await analyticsStorage(page)).toEqual({ local: [], session: [], cookies: [], consent: 'denied' });

  await page.getByRole('button', { name: 'Allow analytics', exact: true }).click();
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'granted');
  await expect(page.getByRole('button', { name: 'Allow analytics', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => pageviewUrls(request)).toEqual([expect.stringMatching(/\/privacy$/)]);
  expect((await events(request, 'consent_changed')).map((e) => e.properties.source)).toEqual(['privacy_page']);
  expect(chunk.loaded).toBe(true);
});

test('withdrawing consent stops capture and recording and deletes what analytics stored', async ({ page, request }) => {
  await gotoHydrated(page, '/privacy');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(async () => (await requests(request)).some((r) => r.path.endsWith('/config'))).toBe(true);
  await page.waitForTimeout(1000);
  // posthog-js holds a recording until the visitor interacts.
  await page.mouse.move(50, 50);
  await page.mouse.wheel(0, 400);
  await page.mouse.move(300, 200);
  await expect.poll(async () => (await requests(request)).some((r) => r.path === '/s/'), { timeout: 20_000 }).toBe(true);
  await expect.poll(async () => (await analyticsStorage(page)).cookies.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Don’t allow analytics' }).click();
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'denied');
  expect(await analyticsStorage(page)).toEqual({ local: [], session: [], cookies: [], consent: 'denied' });
  await expect(page.getByTestId('feature-flags').locator('tr[data-flag="similar-post-suggestions"]')).toHaveAttribute('data-value', 'true');

  await page.waitForTimeout(3500); // let anything already in flight land
  await request.post(`${STANDIN}/__standin/reset`);
  await page.mouse.move(10, 10);
  await page.mouse.move(200, 300);
  await clickNav(page, 'Boards', '/');
  await clickNav(page, 'Sign in', '/login');
  await page.waitForTimeout(4000);
  expect(await requests(request)).toEqual([]);
  expect(await analyticsStorage(page)).toEqual({ local: [], session: [], cookies: [], consent: 'denied' });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(3000);
  expect(await requests(request)).toEqual([]);
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
});

test('allowing again on the same page after withdrawing resumes with a fresh anonymous id', async ({ page, request }) => {
  await gotoHydrated(page, '/privacy');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => pageviewUrls(request)).toHaveLength(1);
  const [first] = await events(request, '$pageview');
  await page.getByRole('button', { name: 'Don’t allow analytics' }).click();
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'denied');
  await page.waitForTimeout(3500);
  await request.post(`${STANDIN}/__standin/reset`);

  await page.getByRole('button', { name: 'Allow analytics', exact: true }).click();
  await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'granted');
  await expect.poll(() => pageviewUrls(request)).toEqual([expect.stringMatching(/\/privacy$/)]);
  await expect(page.getByTestId('feature-flags').locator('tr[data-flag="similar-post-suggestions"]')).toHaveAttribute(
    'data-value',
    'false',
  );
  await clickNav(page, 'Boards', '/');
  await expect.poll(() => pageviewUrls(request)).toHaveLength(2);
  const again = await events(request, '$pageview');
  expect(again[0]!.properties.distinct_id).not.toBe(first!.properties.distinct_id);
  expect((await events(request, 'consent_changed')).map((e) => e.properties.source)).toEqual(['privacy_page']);
});

/** The banner and the privacy page's choice in the reader's language (the analytics namespace). */
const CONSENT_WORDS = {
  'de-DE': {
    label: 'Einwilligung in Nutzungsanalysen',
    accept: 'Akzeptieren',
    decline: 'Ablehnen',
    current: 'Deine aktuelle Wahl: erlaubt.',
  },
  'ja-JP': { label: '利用状況の分析への同意', accept: '同意する', decline: '拒否する', current: '現在の選択：許可。' },
  ar: { label: 'الموافقة على تحليلات الاستخدام', accept: 'موافقة', decline: 'رفض', current: 'اختيارك الحالي: مسموح.' },
} as const;

for (const [locale, words] of Object.entries(CONSENT_WORDS)) {
  test(`the consent banner and the privacy page's choice in ${locale}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale });
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated(page, '/');
    const banner = page.getByRole('region', { name: words.label });
    await expect(banner.getByRole('button', { name: words.decline })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    if (locale === 'ar') {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page, `the consent banner (${locale})`, { include: '[data-testid="consent-banner"]' })).toEqual([]);
    }
    await banner.getByRole('button', { name: words.accept }).click();
    await expect(banner).toBeHidden();
    await gotoHydrated(page, '/privacy');
    await expect(page.getByTestId('consent-status')).toHaveText(words.current);
    await context.close();
  });
}
