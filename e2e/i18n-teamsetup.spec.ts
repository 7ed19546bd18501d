/**
 * The team's set-up screens in other languages (teamSetup catalogue): /admin/boards,
 * /admin/statuses and the insights at /admin, signed in as the admin. Board and status names are
 * what people typed and stay as typed; Arabic is right to left, fits 360 px and passes axe.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { adminContext, apiSignIn } from './support/accounts';
import { createBoard, createPost } from './support/posts';
import { expect, test } from './support/fixtures';

const WORDS = {
  'de-DE': {
    boards: 'Boards',
    newBoard: 'Neues Board',
    visibility: 'Wer es sehen kann',
    statuses: 'Status',
    addStatus: 'Status hinzufügen',
    openCategory: 'Offen',
    insights: 'Auswertungen',
    period: 'Zeitraum',
    activity: 'Beiträge, Stimmen und Kommentare pro Woche',
    legend: 'Kommentare',
  },
  'ja-JP': {
    boards: 'ボード',
    newBoard: '新しいボード',
    visibility: '閲覧できる人',
    statuses: 'ステータス',
    addStatus: 'ステータスを追加',
    openCategory: 'オープン',
    insights: 'インサイト',
    period: '期間',
    activity: '週ごとの投稿・投票・コメント',
    legend: 'コメント',
  },
} as const;

let board: { slug: string; name: string };

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await adminContext(browser, baseURL!);
  board = await createBoard(admin.request, baseURL!, 'i18n-setup');
  await createPost(admin.request, baseURL!, board.slug, 'A post counted in every language');
  // The insights show figures once their first refresh is done and a post is counted. The new
  // board itself may be outranked by other specs' boards on this shared server (five are shown).
  await expect
    .poll(
      async () => {
        const report = (await (await admin.request.get('/api/v1/admin/insights')).json()) as {
          updatedAt: string | null;
          weeks: { posts: number }[];
        };
        return Boolean(report.updatedAt && report.weeks.some((w) => w.posts > 0));
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  await admin.close();
});

for (const [locale, w] of Object.entries(WORDS)) {
  test.describe(`the team's set-up for a browser asking for ${locale}`, () => {
    test.use({ locale });

    test('boards, statuses and insights speak the language; names stay as typed', async ({ guardedPage: page, baseURL }) => {
      test.setTimeout(60_000);
      await apiSignIn(page.context().request, baseURL!);

      await page.goto('/admin/boards');
      await expect(page.getByRole('heading', { level: 1, name: w.boards })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: w.newBoard })).toBeVisible();
      await expect(page.getByTestId('board-create-form').getByLabel(w.visibility)).toBeVisible();
      await expect(page.getByRole('link', { name: board.name, exact: true })).toBeVisible();
      await expect(page.getByText('New board')).toHaveCount(0);

      await page.goto('/admin/statuses');
      await expect(page.getByRole('heading', { level: 1, name: w.statuses })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: w.addStatus })).toBeVisible();
      // The default status "Open" is a name (content): shown as typed, beside its translated category.
      const open = page.getByTestId('status-row').filter({ has: page.getByTestId('status-name').getByText('Open', { exact: true }) });
      await expect(open).toContainText(w.openCategory);
      await expect(page.getByText('Statuses, in order')).toHaveCount(0);

      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: w.insights })).toBeVisible();
      await expect(page.getByRole('combobox', { name: w.period })).toBeVisible();
      const activity = page.getByTestId('insights-activity');
      await expect(activity.getByRole('heading', { name: w.activity })).toBeVisible();
      // The chart's legend is in the language too (the SVG is hidden from assistive technology, its text is not English).
      await expect(activity.getByTestId('insights-chart')).toContainText(w.legend);
      await expect(activity.getByTestId('insights-chart')).not.toContainText('Comments');
      await expect(page.getByTestId('insights-as-of')).not.toContainText('Figures as of');
    });
  });
}

test.describe('right to left (Arabic)', () => {
  test.use({ locale: 'ar' });

  const expectFits = async (page: Page, path: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  };

  test('Arabic, mirrored: at 360 px nothing scrolls sideways and axe finds no violations', async ({ guardedPage: page, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await apiSignIn(page.context().request, baseURL!);
    const problems: string[] = [];

    await page.goto('/admin/boards');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'اللوحات' })).toBeVisible();
    await expect(page.getByRole('link', { name: board.name, exact: true })).toBeVisible();
    await expectFits(page, '/admin/boards');
    problems.push(...(await axeViolations(page, '/admin/boards')));

    await page.goto('/admin/statuses');
    await expect(page.getByRole('heading', { level: 1, name: 'الحالات' })).toBeVisible();
    await expect(page.getByTestId('status-add-form').getByLabel('الفئة')).toBeVisible();
    await expectFits(page, '/admin/statuses');
    problems.push(...(await axeViolations(page, '/admin/statuses')));

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'الإحصاءات' })).toBeVisible();
    const activity = page.getByTestId('insights-activity');
    await expect(activity.getByTestId('insights-chart')).toContainText('التعليقات');
    // The table opens to the same figures, its first column at the start (right).
    await activity.getByText('عرض كجدول').click();
    await expect(activity.getByRole('columnheader', { name: 'الأسبوع بدءًا من' })).toBeVisible();
    await expectFits(page, '/admin');
    problems.push(...(await axeViolations(page, '/admin')));

    expect(problems).toEqual([]);
  });

  test('a refused period is explained in Arabic', async ({ guardedPage: page, baseURL }) => {
    await apiSignIn(page.context().request, baseURL!);
    await page.goto('/admin?period=custom&from=2026-02-10&to=2026-02-01');
    await expect(page.getByText('تاريخ النهاية يسبق تاريخ البداية.')).toBeVisible();
    await expect(page.getByText('The end date comes before the start date.')).toHaveCount(0);
  });
});
