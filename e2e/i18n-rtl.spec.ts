import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { adminContext, apiSignIn, type Credentials } from './support/accounts';
import { axeViolationsInLooks, sidewaysScroll } from './support/axe';
import { expect, test, watchPage } from './support/fixtures';
import { createBoard, createPost, newMember } from './support/posts';

/**
 * People's text in an Arabic page keeps its own direction (docs/i18n.md, "User text and the
 * page's direction"): a Latin post's title, excerpt, body, comments and author read left to right,
 * an Arabic one's right to left, and the interface around them stays right to left, on the board,
 * the post page, the triage inbox and the notifications. The excerpt shows the text's start, and a
 * sentence's full stop stays after its last word.
 */

const LATIN_FIRST = 'This comes up often in our team.';
const LATIN_BODY = [
  LATIN_FIRST,
  'Every Monday we export the board by hand, paste it into a spreadsheet, sort it by votes and send it to finance before the weekly review starts.',
].join('\n\n');
const LATIN_COMMENT = 'Same here, every Monday.';
const ARABIC_BODY = 'نحتاج إلى وضع داكن للتقارير. نقرأ التقارير كل مساء ويؤلم الضوء الساطع أعيننا بعد يوم طويل من العمل أمام الشاشة.';
const ARABIC_COMMENT = 'نواجه هذا أيضا في فريقنا.';
const ARABIC_NAME = 'سارة أحمد';
const LATIN_NAME = 'Sam Porter';

type Seed = {
  board: { slug: string; name: string };
  latin: { number: number; title: string };
  arabic: { number: number; title: string };
  sam: Credentials;
};
let seed: Seed;

const origin = (baseURL: string) => ({ Origin: baseURL });

async function comment(request: APIRequestContext, baseURL: string, number: number, body: string) {
  const res = await request.post(`/api/v1/posts/${number}/comments`, { data: { body }, headers: origin(baseURL) });
  expect(res.status()).toBe(201);
}

async function signedIn(browser: Browser, baseURL: string, creds: Credentials): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'ar', viewport: { width: 1280, height: 900 } });
  await apiSignIn(context.request, baseURL, creds);
  return context;
}

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL!;
  const admin = await adminContext(browser, base);
  const tag = Date.now().toString(36);
  const board = await createBoard(admin.request, base, 'rtl');
  const sam = await newMember(browser, admin.request, base, LATIN_NAME);
  const sara = await newMember(browser, admin.request, base, ARABIC_NAME);
  const samContext = await signedIn(browser, base, sam);
  const saraContext = await signedIn(browser, base, sara);
  const latinTitle = `Export board ${tag} to CSV.`;
  const arabicTitle = `وضع داكن للتقارير ${tag}`;
  const latin = await createPost(samContext.request, base, board.slug, latinTitle, LATIN_BODY);
  const arabic = await createPost(saraContext.request, base, board.slug, arabicTitle, ARABIC_BODY);
  // Sam follows their post: each comment tells them, quoting its Latin title in an Arabic sentence.
  await comment(saraContext.request, base, latin.number, ARABIC_COMMENT);
  await comment(admin.request, base, latin.number, LATIN_COMMENT);
  await Promise.all([admin.close(), samContext.close(), saraContext.close()]);
  seed = { board, latin: { number: latin.number, title: latinTitle }, arabic: { number: arabic.number, title: arabicTitle }, sam };
});

test.use({ locale: 'ar', viewport: { width: 1280, height: 900 } });

const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);

/**
 * Where `word` is drawn inside `locator`'s element (its first line box), and the element's
 * content box: to tell which end of the element a text starts at.
 */
function boxes(locator: Locator, word: string) {
  return locator.evaluate((el, w) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const at = text.indexOf(w);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + w.length);
      const word = range.getClientRects()[0]!;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return {
        left: word.left,
        right: word.right,
        boxLeft: box.left + parseFloat(style.paddingLeft),
        boxRight: box.right - parseFloat(style.paddingRight),
      };
    }
    throw new Error(`"${w}" is not in the element`);
  }, word);
}

/** The sentence's last word and its full stop, in reading order: the stop is drawn after the word. */
async function expectStopAfter(locator: Locator, lastWord: string, rtl: boolean) {
  const word = await boxes(locator, lastWord);
  const stop = await boxes(locator, `${lastWord}.`);
  if (rtl) expect(stop.left).toBeLessThan(word.left - 0.5);
  else expect(stop.right).toBeGreaterThan(word.right + 0.5);
}

/** The interface around people's text stays right to left. */
async function expectRtlPage(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await direction(page.locator('main'))).toBe('rtl');
}

test('the board: each card’s title and excerpt in its own direction, the excerpt showing its start', async ({
  guardedPage: page,
}, testInfo) => {
  await page.goto(`/b/${seed.board.slug}`);
  await expectRtlPage(page);
  expect(await direction(page.getByTestId('new-post-link'))).toBe('rtl');
  const card = (title: string) => page.getByTestId('post-card').filter({ hasText: title });
  const latin = card(seed.latin.title);
  const arabic = card(seed.arabic.title);

  expect(await direction(latin.getByTestId('post-title'))).toBe('ltr');
  expect(await direction(arabic.getByTestId('post-title'))).toBe('rtl');
  expect(await direction(latin.getByTestId('post-excerpt'))).toBe('ltr');
  expect(await direction(arabic.getByTestId('post-excerpt'))).toBe('rtl');
  // The meta line around them is the interface's.
  expect(await direction(latin.getByTestId('post-comments'))).toBe('rtl');

  // Both excerpts are clipped to one line; each shows its first word at its own start edge.
  const latinStart = await boxes(latin.getByTestId('post-excerpt'), 'This');
  expect(Math.abs(latinStart.left - latinStart.boxLeft)).toBeLessThan(1);
  const arabicStart = await boxes(arabic.getByTestId('post-excerpt'), 'نحتاج');
  expect(Math.abs(arabicStart.right - arabicStart.boxRight)).toBeLessThan(1);

  await testInfo.attach('arabic-board.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test('the post page: title, body, comments and the author’s name each in their own direction', async ({ guardedPage: page }, testInfo) => {
  await page.goto(`/p/${seed.latin.number}`);
  await expectRtlPage(page);
  expect(await direction(page.getByTestId('post-heading'))).toBe('ltr');
  const first = page.getByTestId('post-body').locator('p', { hasText: LATIN_FIRST });
  expect(await direction(first)).toBe('ltr');
  // The full stop ends the sentence on the right, not before "This" on the left.
  await expectStopAfter(first, 'team', false);
  const start = await boxes(first, 'This');
  expect(Math.abs(start.left - start.boxLeft)).toBeLessThan(1);
  expect(await direction(page.getByTestId('sidebar-author'))).toBe('ltr');
  await expect(page.getByTestId('sidebar-author')).toHaveText(LATIN_NAME);

  const latinComment = page.getByTestId('comment').filter({ hasText: LATIN_COMMENT });
  const arabicComment = page.getByTestId('comment').filter({ hasText: ARABIC_COMMENT });
  const latinText = latinComment.locator('p', { hasText: LATIN_COMMENT });
  expect(await direction(latinText)).toBe('ltr');
  await expectStopAfter(latinText, 'Monday', false);
  const arabicText = arabicComment.locator('p', { hasText: ARABIC_COMMENT });
  expect(await direction(arabicText)).toBe('rtl');
  await expectStopAfter(arabicText, 'فريقنا', true);
  expect(await direction(arabicComment.getByTestId('comment-author'))).toBe('rtl');
  await expect(arabicComment.getByTestId('comment-author')).toHaveText(ARABIC_NAME);
  // The comment's frame and its time are the interface's.
  expect(await direction(latinComment)).toBe('rtl');
  await testInfo.attach('arabic-post-latin.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.goto(`/p/${seed.arabic.number}`);
  expect(await direction(page.getByTestId('post-heading'))).toBe('rtl');
  expect(await direction(page.getByTestId('post-body').locator('p').first())).toBe('rtl');
  expect(await direction(page.getByTestId('sidebar-author'))).toBe('rtl');
  await testInfo.attach('arabic-post-arabic.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test('the triage inbox, as an admin: the list and the detail', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'ar', viewport: { width: 1280, height: 900 } });
  await apiSignIn(context.request, baseURL!);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`/admin/inbox?board=${seed.board.slug}`);
  await expectRtlPage(page);
  const row = (number: number) => page.locator(`[data-testid="triage-row"][data-number="${number}"]`);
  expect(await direction(row(seed.latin.number).getByTestId('triage-title'))).toBe('ltr');
  expect(await direction(row(seed.arabic.number).getByTestId('triage-title'))).toBe('rtl');
  expect(await direction(row(seed.latin.number))).toBe('rtl');

  await row(seed.latin.number).getByTestId('triage-title').click();
  const detail = page.getByTestId('triage-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(seed.latin.title);
  expect(await direction(detail.getByRole('heading', { level: 2 }))).toBe('ltr');
  expect(await direction(detail.getByTestId('triage-detail-excerpt'))).toBe('ltr');
  expect(await direction(detail.locator('bdi', { hasText: LATIN_NAME }))).toBe('ltr');
  expect(await direction(detail)).toBe('rtl');

  await row(seed.arabic.number).getByTestId('triage-title').click();
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(seed.arabic.title);
  expect(await direction(detail.getByRole('heading', { level: 2 }))).toBe('rtl');
  expect(await direction(detail.getByTestId('triage-detail-excerpt'))).toBe('rtl');
  expect(await direction(detail.locator('bdi', { hasText: ARABIC_NAME }))).toBe('rtl');
  expect(problems).toEqual([]);
  await context.close();
});

test('the notifications: the quoted title and the names isolated in the Arabic sentence', async ({ browser, baseURL }) => {
  const context = await signedIn(browser, baseURL!, seed.sam);
  const unread = async () =>
    ((await (await context.request.get('/api/v1/me/notifications/unread-count')).json()) as { unread: number }).unread;
  await expect.poll(unread, { timeout: 15_000 }).toBe(2);
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto('/notifications');
  await expectRtlPage(page);
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(2);
  const fromSara = items.filter({ hasText: ARABIC_COMMENT });
  const fromAdmin = items.filter({ hasText: LATIN_COMMENT });
  for (const item of [fromSara, fromAdmin]) {
    // The sentence is Arabic; the title it quotes reads left to right inside it.
    expect(await direction(item.getByRole('link'))).toBe('rtl');
    expect(await direction(item.locator('bdi', { hasText: seed.latin.title }))).toBe('ltr');
  }
  expect(await direction(fromSara.locator('bdi', { hasText: ARABIC_NAME }))).toBe('rtl');
  expect(await direction(fromSara.getByTestId('notification-excerpt'))).toBe('rtl');
  const latinExcerpt = fromAdmin.getByTestId('notification-excerpt');
  expect(await direction(latinExcerpt)).toBe('ltr');
  await expectStopAfter(latinExcerpt, 'Monday', false);
  expect(problems).toEqual([]);
  await context.close();
});

test('axe finds nothing on the Arabic board and post page, in either theme at 360 and 1280 px', async ({ guardedPage: page }) => {
  test.setTimeout(150_000);
  const problems: string[] = [];
  for (const path of [`/b/${seed.board.slug}`, `/p/${seed.latin.number}`, `/p/${seed.arabic.number}`]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    problems.push(...(await axeViolationsInLooks(page, path, { also: () => sidewaysScroll(page, path) })));
  }
  expect(problems).toEqual([]);
});
