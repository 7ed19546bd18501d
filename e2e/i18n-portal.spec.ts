import type { Browser } from '@playwright/test';
import { axeViolationsInLooks, sidewaysScroll } from './support/axe';
import { adminContext, apiSignIn } from './support/accounts';
import { setPostStatus, statusIdBySlug } from './support/board-seed';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * The portal's screens in other languages (src/i18n/messages/<locale>/portal.json, portalTeam.json):
 * the home page, a board, the roadmap and the changelog read in German, Japanese and Arabic, with
 * what people typed (board names, post titles, entries) shown as typed; Arabic is right to left,
 * fits a 360 px screen and passes axe; the team's words (moving cards, the changelog editor) too.
 */

type Seed = { board: { slug: string; name: string }; postTitle: string; postNumber: number; entryTitle: string; entrySlug: string };
let seed: Seed;

test.beforeAll(async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const tag = Date.now().toString(36);
  const board = await createBoard(admin.request, baseURL!, 'i18np');
  const postTitle = `Dark mode for reports ${tag}`;
  const post = await createPost(admin.request, baseURL!, board.slug, postTitle, 'Please.');
  await setPostStatus(admin.request, baseURL!, post.number, await statusIdBySlug(admin.request, 'planned'));
  const entryTitle = `Faster exports ${tag}`;
  const created = await admin.request.post('/api/v1/admin/changelog', {
    data: { title: entryTitle, body: 'Exports are *faster*.', label: 'improved', postNumbers: [post.number] },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  expect((await admin.request.post(`/api/v1/admin/changelog/${id}/publish`, { headers: { Origin: baseURL! } })).ok()).toBe(true);
  await admin.close();
  seed = { board, postTitle, postNumber: post.number, entryTitle, entrySlug: slug };
});

test.describe('German', () => {
  test.use({ locale: 'de-DE' });

  test('the home page and a board speak German; board names and post titles stay as typed', async ({ guardedPage: page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 2, name: 'Im Trend' })).toBeVisible();
    await expect(page.getByTestId('board-list').getByText(seed.board.name, { exact: true })).toBeVisible();

    await page.goto(`/b/${seed.board.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: seed.board.name })).toBeVisible();
    await expect(page.getByTestId('new-post-link')).toHaveText('Neuer Beitrag');
    await expect(page.getByRole('navigation', { name: 'Beiträge sortieren' }).getByRole('link')).toHaveText([
      'Im Trend',
      'Top',
      'Neu',
      'Kürzlich aktualisiert',
    ]);
    await expect(page.getByLabel('Beiträge durchsuchen')).toBeVisible();
    await expect(page.getByTestId('post-title').filter({ hasText: seed.postTitle })).toBeVisible();
    // A search with no match: the count and the empty state, in German.
    await page.getByLabel('Beiträge durchsuchen').fill('zzzqqq nothing');
    await page.getByTestId('board-apply').click();
    await expect(page.getByTestId('result-count')).toHaveText('Keine passenden Beiträge.');
    await expect(page.getByTestId('posts-empty')).toContainText('sieh dir alle Beiträge an');
  });

  test('the team’s words: moving a roadmap card and the changelog editor', async ({ browser, baseURL }) => {
    const context = await teamContext(browser, baseURL!, 'de-DE');
    const page = await context.newPage();
    await page.goto(`/roadmap?board=${seed.board.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeVisible();
    const card = page.locator(`[data-testid="roadmap-card"][data-number="${seed.postNumber}"]`);
    await expect(card.getByTestId('move-to')).toHaveAccessibleName(`Verschieben nach … („${seed.postTitle}“)`);
    await expect(card.getByTestId('drag-handle')).toHaveAccessibleName(`„${seed.postTitle}“ in eine andere Spalte ziehen`);

    await page.goto('/admin/changelog');
    await expect(page.getByTestId('entry-new')).toHaveText('Neuer Eintrag');
    const row = page.locator(`[data-testid="admin-entry"][data-entry-slug="${seed.entrySlug}"]`);
    await expect(row).toContainText(seed.entryTitle);
    await expect(row.getByTestId('admin-entry-state')).toContainText('Veröffentlicht am');
    await context.close();
  });
});

test.describe('Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('the roadmap and the changelog speak Japanese; the entry and post titles stay as typed', async ({ guardedPage: page }) => {
    await page.goto(`/roadmap?board=${seed.board.slug}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: 'ロードマップ' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '予定' })).toBeVisible();
    await expect(page.getByRole('search', { name: 'ロードマップを絞り込む' })).toBeVisible();
    const planned = page.locator('[data-testid="roadmap-column"][data-status="planned"]');
    await expect(planned.getByTestId('column-total')).toHaveText('1 件');
    await expect(planned.getByTestId('card-title')).toHaveText(seed.postTitle);

    await page.goto('/changelog');
    await expect(page.getByRole('heading', { level: 1, name: '更新情報' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'ラベルで絞り込む' }).getByRole('link').first()).toHaveText('すべて');
    await expect(page.getByTestId('changelog-follow-signin')).toHaveText('更新情報をフォローするにはログインしてください。');
    await expect(page.getByRole('link', { name: seed.entryTitle })).toBeVisible();

    await page.goto(`/changelog/${seed.entrySlug}`);
    await expect(page.getByRole('heading', { level: 1, name: seed.entryTitle })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'このリリースで対応した要望' })).toBeVisible();
    await expect(page.getByRole('list', { name: '対応した投稿' })).toContainText(seed.postTitle);
  });
});

test.describe('Arabic', () => {
  test.use({ locale: 'ar' });

  const pages = () => [
    { path: '/', h1: 'اللوحات' },
    { path: `/b/${seed.board.slug}`, h1: seed.board.name },
    { path: '/roadmap', h1: 'خارطة الطريق' },
    { path: '/changelog', h1: 'سجل التغييرات' },
    { path: `/changelog/${seed.entrySlug}`, h1: seed.entryTitle },
    { path: '/status', h1: 'حالة الخدمة' },
  ];

  test('the words are Arabic: the board’s sort tabs, the roadmap’s columns, the status page', async ({ guardedPage: page }) => {
    await page.goto(`/b/${seed.board.slug}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('sort-trending')).toHaveText('الرائجة');
    await expect(page.getByTestId('new-post-link')).toHaveText('منشور جديد');
    await page.goto(`/roadmap?board=${seed.board.slug}`);
    await expect(page.getByRole('heading', { level: 2, name: 'مخطط له' })).toBeVisible();
    await page.goto('/status');
    await expect(page.getByTestId('status-summary')).toHaveText('كل شيء يعمل.');
  });

  test('right to left, nothing scrolls sideways, and axe finds nothing, in either theme at 360 and 1280 px', async ({
    guardedPage: page,
  }) => {
    test.setTimeout(150_000);
    const problems: string[] = [];
    for (const { path, h1 } of pages()) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      problems.push(...(await axeViolationsInLooks(page, path, { also: () => sidewaysScroll(page, path) })));
    }
    expect(problems).toEqual([]);
  });
});

async function teamContext(browser: Browser, baseURL: string, locale: string) {
  const context = await browser.newContext({ baseURL, locale });
  await apiSignIn(context.request, baseURL);
  return context;
}
