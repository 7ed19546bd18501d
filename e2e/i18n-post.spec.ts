import type { Browser } from '@playwright/test';
import { axeViolations } from './support/axe';
import { adminContext, apiSignIn, createMember } from './support/accounts';
import { createBoard, createPost } from './support/posts';
import { expect, test, watchPage } from './support/fixtures';

/**
 * The post page in German, Japanese and Arabic (src/i18n/messages/<locale>/post.json, postTeam.json):
 * the page's words translated, what people typed shown as typed, a member's vote and comment form
 * in their language, the team's words for the team, and Arabic right to left, without sideways
 * scrolling at 360 px and without axe violations.
 */
const TITLE = 'Dark mode — “please” & <b>soon</b>';
const COMMENT = 'Typed as is: 10 % more <i>contrast</i>, please.';

let board = '';

test.beforeAll(async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  board = (await createBoard(admin.request, baseURL!, 'i18n-post')).slug;
  await admin.close();
});

/** A post of its own for each test (votes counted from none), with one comment; its path. */
async function freshPost(browser: Browser, baseURL: string): Promise<string> {
  const admin = await adminContext(browser, baseURL);
  const post = await createPost(admin.request, baseURL, board, TITLE, 'The **body** as typed.');
  const res = await admin.request.post(`/api/v1/posts/${post.number}/comments`, {
    data: { body: COMMENT, internal: false },
    headers: { Origin: baseURL },
  });
  expect(res.status()).toBe(201);
  await admin.close();
  return `/p/${post.number}`;
}

/** A new member signed in, in a browser asking for `locale` (no language setting of their own). */
async function memberIn(browser: Browser, baseURL: string, locale: string) {
  const admin = await adminContext(browser, baseURL);
  const signUp = await browser.newContext({ baseURL });
  const creds = await createMember(admin.request, signUp.request, baseURL, 'Mitglied');
  await Promise.all([admin.close(), signUp.close()]);
  const context = await browser.newContext({ baseURL, locale });
  await apiSignIn(context.request, baseURL, creds);
  return context;
}

const WORDS = {
  'de-DE': {
    lang: 'de',
    comments: 'Kommentare (1)',
    form: 'Dein Kommentar',
    submit: 'Kommentieren',
    voteName: `Für „${TITLE}“ stimmen, 1 Stimme`,
    voteUnit: 'Stimme',
    board: 'Board',
    voters: 'Alle Unterstützer anzeigen',
  },
  'ja-JP': {
    lang: 'ja',
    comments: 'コメント (1)',
    form: 'コメント',
    submit: 'コメントする',
    voteName: `「${TITLE}」に投票、1 票`,
    voteUnit: '票',
    board: 'ボード',
    voters: '投票した人をすべて表示',
  },
} as const;

for (const [locale, words] of Object.entries(WORDS)) {
  test(`a member reads, votes and finds the comment form in ${words.lang}; what people typed stays as typed`, async ({
    browser,
    baseURL,
  }) => {
    const postPath = await freshPost(browser, baseURL!);
    const context = await memberIn(browser, baseURL!, locale);
    const page = await context.newPage();
    const errors = watchPage(page);
    await page.goto(postPath);
    await expect(page.locator('html')).toHaveAttribute('lang', words.lang);
    // Content: as typed, never translated, markup shown as text.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(page.getByTestId('comment')).toContainText(COMMENT);
    // The page's words.
    await expect(page.locator('#comments-heading')).toHaveText(words.comments);
    await expect(page.getByLabel(words.form, { exact: true })).toBeVisible();
    await expect(page.getByTestId('comment-submit')).toHaveText(words.submit);
    await expect(page.getByTestId('post-sidebar').getByText(words.board, { exact: true })).toBeVisible();
    // A vote, counted in the language's plural.
    const vote = page.getByTestId('vote-button');
    // The button answers at once; the reload below must wait for the server to have the vote.
    const saved = page.waitForResponse((r) => r.url().endsWith('/vote') && r.request().method() === 'PUT');
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).ok()).toBe(true);
    await expect(vote).toHaveAccessibleName(words.voteName);
    await expect(vote).toContainText(words.voteUnit);
    // The voters come with the page's data: loaded again, it lists the new one.
    await page.reload();
    await expect(page.getByTestId('voters-open')).toHaveText(words.voters);
    await expect(page.getByText('Comments', { exact: true })).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('the team gets its own words in German: add a voter, the internal note', async ({ browser, baseURL }) => {
  const postPath = await freshPost(browser, baseURL!);
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  await apiSignIn(context.request, baseURL!);
  const page = await context.newPage();
  const errors = watchPage(page);
  await page.goto(postPath);
  await expect(page.getByTestId('add-voter')).toHaveText('Unterstützer hinzufügen…');
  await expect(page.getByText('Interne Notiz (nur das Team sieht sie)')).toBeVisible();
  await page.getByTestId('add-voter').click();
  await expect(page.getByRole('heading', { name: 'Im Namen einer Person abstimmen' })).toBeVisible();
  await expect(page.getByLabel('Ihre E-Mail-Adresse')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test.describe('right to left (Arabic)', () => {
  test('a member’s post page is Arabic and mirrored; the voters dialog too', async ({ browser, baseURL }) => {
    const postPath = await freshPost(browser, baseURL!);
    const context = await memberIn(browser, baseURL!, 'ar');
    const page = await context.newPage();
    const errors = watchPage(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(postPath);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('#comments-heading')).toHaveText('التعليقات (1)');
    await expect(page.getByLabel('تعليقك', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    // The sidebar is at the start: on the left, beside the text on the right.
    const sidebar = (await page.getByTestId('post-sidebar').boundingBox())!;
    const body = (await page.getByTestId('post-body').boundingBox())!;
    expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(body.x);
    const vote = page.getByTestId('vote-button');
    const saved = page.waitForResponse((r) => r.url().endsWith('/vote') && r.request().method() === 'PUT');
    await vote.click();
    await expect(vote).toHaveAccessibleName(`صوّت لـ«${TITLE}»، 1 صوت`);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    // The button works once the page has hydrated (the subscribe button is enabled then).
    await expect(page.getByTestId('subscribe-button')).toBeEnabled();
    await page.getByTestId('voters-open').click();
    await expect(page.getByTestId('voters-dialog-title')).toHaveText('المصوّتون (1)');
    await expect(page.getByTestId('voters-status')).toHaveText(/يُعرض/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('axe finds no violations at 360 px in light and dark, and nothing scrolls sideways', async ({ browser, baseURL }) => {
    const postPath = await freshPost(browser, baseURL!);
    const context = await memberIn(browser, baseURL!, 'ar');
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(postPath);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByTestId('comment-form')).toBeVisible();
      problems.push(...(await axeViolations(page, `${postPath} (${scheme})`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${postPath} (${scheme}): scrolls sideways by ${overflow} px`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
