/**
 * The member's own screens in other languages: /settings, /settings/notifications and
 * /notifications in German, Japanese and Arabic (Playwright's `locale` sets Accept-Language).
 * User content (a post's title, a status name) stays as typed inside the translated sentences;
 * Arabic is right to left, has no sideways scrolling at 360 px, and passes axe.
 */
import type { Browser } from '@playwright/test';
import { axeViolations } from './support/axe';
import { adminContext, apiSignIn, createMember } from './support/accounts';
import { statusIdBySlug } from './support/board-seed';
import { createBoard, createPost } from './support/posts';
import { expect, test, watchPage } from './support/fixtures';

const WORDS = {
  'de-DE': {
    settings: 'Profileinstellungen',
    save: 'Profil speichern',
    notifications: 'Benachrichtigungseinstellungen',
    kind: 'Statusänderungen',
    markAll: 'Alle als gelesen markieren',
    headline: (title: string) => `„${title}“`,
    moved: 'auf Planned gesetzt',
  },
  'ja-JP': {
    settings: 'プロフィール設定',
    save: 'プロフィールを保存',
    notifications: '通知設定',
    kind: 'ステータスの変更',
    markAll: 'すべて既読にする',
    headline: (title: string) => `「${title}」`,
    moved: 'のステータスをPlannedに変更しました',
  },
  ar: {
    settings: 'إعدادات الملف الشخصي',
    save: 'حفظ الملف الشخصي',
    notifications: 'إعدادات الإشعارات',
    kind: 'تغييرات الحالة',
    markAll: 'وضع علامة مقروء على الكل',
    headline: (title: string) => `«${title}»`,
    moved: 'إلى Planned',
  },
} as const;

/** A member who voted on a post the team then moved to Planned: one notification waits for them. */
async function notifiedMember(browser: Browser, baseURL: string, locale: string) {
  const admin = await adminContext(browser, baseURL);
  const board = await createBoard(admin.request, baseURL, 'l10n');
  const title = `Dunkelmodus ${Date.now().toString(36)}`;
  const post = await createPost(admin.request, baseURL, board.slug, title);
  const anonymous = await browser.newContext({ baseURL });
  const creds = await createMember(admin.request, anonymous.request, baseURL, 'Amal Translated');
  await anonymous.close();
  const context = await browser.newContext({ baseURL, locale });
  await apiSignIn(context.request, baseURL, creds);
  await context.request.put(`/api/v1/posts/${post.number}/vote`, { headers: { Origin: baseURL } });
  const statusId = await statusIdBySlug(admin.request, 'planned');
  const res = await admin.request.post(`/api/v1/posts/${post.number}/status`, {
    data: { statusId, note: '' },
    headers: { Origin: baseURL },
  });
  expect(res.status()).toBe(200);
  await admin.close();
  return { context, title };
}

for (const [locale, words] of Object.entries(WORDS)) {
  test(`a member's settings and notifications in ${locale}`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, title } = await notifiedMember(browser, baseURL!, locale);
    const page = await context.newPage();
    const errors = watchPage(page);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: words.settings })).toBeVisible();
    await expect(page.getByRole('button', { name: words.save })).toBeVisible();
    await expect(page.getByText('Profile settings')).toHaveCount(0);

    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { level: 1, name: words.notifications })).toBeVisible();
    await expect(page.getByText(words.kind, { exact: true })).toBeVisible();

    await page.goto('/notifications');
    const row = page.getByTestId('notification').first();
    // The headline is the page's language around the post's title and the status name, as typed.
    await expect(row).toContainText(words.headline(title));
    await expect(row).toContainText(words.moved);
    await expect(row).not.toContainText(' moved ');
    await expect(page.getByTestId('mark-all-read')).toHaveText(words.markAll);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('in Arabic the member screens read right to left, fit 360 px and pass axe', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context } = await notifiedMember(browser, baseURL!, 'ar');
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 800 });
  const problems = watchPage(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['/settings', '/settings/account', '/settings/notifications', '/notifications']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      problems.push(...(await axeViolations(page, `${path} (${scheme})`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${path} (${scheme}): scrolls sideways by ${overflow} px`);
    }
  }
  expect(problems).toEqual([]);
  await context.close();
});
