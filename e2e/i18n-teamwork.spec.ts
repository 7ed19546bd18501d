/**
 * The team's triage in other languages (signed in as the admin): /admin/inbox in German and
 * Japanese, its shortcuts help and the property popovers; in Arabic right to left, nothing
 * scrolling sideways at 360 px, and axe on the inbox, the comment queue and the tags screen.
 * Tag names, board names and post titles are content: they stay as typed.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A post with a tag, found by a word of its own (so other specs' posts stay out of the list). */
async function seed(request: APIRequestContext, baseURL: string) {
  await apiSignIn(request, baseURL);
  const word = `quokka${unique()}`;
  const tag = `Billing ${unique()}`;
  const board = await createBoard(request, baseURL, 'l10n');
  const title = `${word} Export to CSV, please`;
  const post = await createPost(request, baseURL, board.slug, title);
  const created = await request.post('/api/v1/tags', { data: { name: tag, color: '#0f766e' }, headers: { Origin: baseURL } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const tagged = await request.put(`/api/v1/posts/${post.number}/tags`, { data: { tagIds: [id] }, headers: { Origin: baseURL } });
  expect(tagged.status()).toBe(200);
  return { word, tag, title, board };
}

const WORDS = {
  'de-DE': {
    heading: 'Posteingang',
    total: '1 Beitrag',
    queue: 'Neu',
    sort: 'Meiste Stimmen',
    shortcuts: 'Tastenkürzel',
    shortcut: 'Nächster / vorheriger Beitrag',
    changeStatus: 'Status ändern',
    save: 'Status speichern',
  },
  'ja-JP': {
    heading: '受信箱',
    total: '1 件の投稿',
    queue: '新規',
    sort: '投票数順',
    shortcuts: 'キーボードショートカット',
    shortcut: '次 / 前の投稿',
    changeStatus: 'ステータスを変更',
    save: 'ステータスを保存',
  },
} as const;

for (const [locale, words] of Object.entries(WORDS)) {
  test.describe(`the triage inbox for a browser asking for ${locale}`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('is translated; titles, boards and tags stay as typed', async ({ guardedPage: page, baseURL }) => {
      const { word, tag, title, board } = await seed(page.context().request, baseURL!);
      await page.goto(`/admin/inbox?q=${word}`);
      await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
      await expect(page.getByTestId('team-nav').getByRole('link', { name: words.heading })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('triage-total')).toHaveText(words.total);
      await expect(page.getByTestId('triage-queues').first()).toContainText(words.queue);
      await expect(page.getByTestId('triage-sort').getByRole('option', { name: words.sort })).toHaveCount(1);
      // Content, as typed.
      await expect(page.getByTestId('triage-title')).toHaveText(title);
      await expect(page.getByTestId('triage-row')).toContainText(tag);
      await expect(page.getByTestId('triage-row')).toContainText(board.name);
      // The shortcuts help.
      await page.getByTestId('shortcuts-open').click();
      const help = page.getByRole('dialog', { name: words.shortcuts });
      await expect(help).toBeVisible();
      await expect(help).toContainText(words.shortcut);
      await page.keyboard.press('Escape');
      // A property popover of the selected post: its name and its editor.
      await page.getByTestId('property-status').click();
      const popover = page.getByRole('dialog', { name: words.changeStatus });
      await expect(popover.getByRole('button', { name: words.save })).toBeVisible();
    });
  });
}

test.describe('the team screens in Arabic', () => {
  test.use({ locale: 'ar' });

  const noSidewaysScroll = async (page: Page, path: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    return overflow > 0 ? [`${path}: scrolls sideways by ${overflow} px`] : [];
  };

  test('right to left, translated, no sideways scrolling at 360 px, and no axe violations', async ({ guardedPage: page, baseURL }) => {
    test.setTimeout(120_000);
    const { word, tag, title } = await seed(page.context().request, baseURL!);
    const problems: string[] = [];
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const inbox = `/admin/inbox?q=${word}`;
      await page.goto(inbox);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'صندوق الوارد' })).toBeVisible();
      await expect(page.getByTestId('triage-total')).toHaveText('منشور واحد');
      await expect(page.getByTestId('triage-title')).toHaveText(title);
      await expect(page.getByTestId('triage-row')).toContainText(tag);
      problems.push(...(await axeViolations(page, `${inbox} at ${width}`)), ...(await noSidewaysScroll(page, `${inbox} at ${width}`)));

      await page.goto('/admin/tags');
      await expect(page.getByRole('heading', { level: 1, name: 'الوسوم' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'إضافة وسم' })).toBeVisible();
      await expect(page.getByTestId('tag-name').filter({ hasText: tag })).toHaveCount(1);
      problems.push(
        ...(await axeViolations(page, `/admin/tags at ${width}`)),
        ...(await noSidewaysScroll(page, `/admin/tags at ${width}`)),
      );
    }
    // The shortcuts help, in Arabic, with its keys as they are.
    await page.goto(`/admin/inbox?q=${word}`);
    await page.getByTestId('shortcuts-open').click();
    const help = page.getByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });
    await expect(help).toContainText('المنشور التالي / السابق');
    await expect(help.locator('kbd').first()).toHaveText('j / k');
    problems.push(...(await axeViolations(page, 'shortcuts help')));
    expect(problems).toEqual([]);
  });
});
