import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost, memberContext } from './support/posts';
import { axeViolations } from './support/axe';

interface Report {
  updatedAt: string | null;
  boards: { name: string; posts: number; votes: number; comments: number }[];
  topRequests: { number: number; votesGained: number }[];
}

/** Activity on a fresh board: a member's post, a vote and a team comment; waits until the insights count it. */
async function seedActivity(admin: APIRequestContext, browser: import('@playwright/test').Browser, baseURL: string) {
  const board = await createBoard(admin, baseURL, 'insights');
  const member = await memberContext(browser, admin, baseURL, 'Insights Member');
  try {
    const title = `Insights request ${Date.now().toString(36)}`;
    const post = await createPost(member.context.request, baseURL, board.slug, title);
    // A vote from the admin (the author's own vote comes with the post).
    const voted = await admin.put(`/api/v1/posts/${post.number}/vote`, { headers: { Origin: baseURL } });
    expect(voted.status()).toBeLessThan(300);
    const commented = await admin.post(`/api/v1/posts/${post.number}/comments`, {
      data: { body: 'Thanks, noted.' },
      headers: { Origin: baseURL },
    });
    expect(commented.status()).toBe(201);
    // The aggregates follow activity in the background (a few seconds).
    await expect
      .poll(
        async () => {
          const report = (await (await admin.get('/api/v1/admin/insights')).json()) as Report;
          // updatedAt stays null until the first full refresh (15 s after a new server starts).
          return (report.updatedAt && report.boards.find((b) => b.name === board.name)) || null;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toMatchObject({ posts: 1, comments: 1 });
    return { board, post: { ...post, title } };
  } finally {
    await member.context.close();
  }
}

test.describe('insights at /admin', () => {
  test('charts with their tables, a CSV download, and another period', async ({ guardedPage: page, baseURL, browser }) => {
    test.setTimeout(120_000);
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const p = page;
    {
      const { board, post } = await seedActivity(admin, browser, baseURL!);
      await p.goto('/admin');
      await expect(p.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
      const nav = p.getByRole('navigation', { name: 'Team area' });
      await expect(nav.getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/admin/inbox');

      // Four charts drawn by recharts (loaded on demand) and the first-response figure.
      await expect(p.locator('[data-testid="insights-chart"] .recharts-wrapper')).toHaveCount(4);
      await expect(p.getByTestId('insights-median')).toBeVisible();

      // Each chart's figures as a table.
      const boards = p.getByRole('figure', { name: /Most active boards/ });
      await boards.getByText('Show as table').click();
      await expect(boards.getByRole('table').getByRole('rowheader', { name: board.name })).toBeVisible();
      const top = p.getByRole('figure', { name: /Top requests/ });
      // The chart's bars are labelled by the posts' titles.
      await expect(top.locator('.recharts-cartesian-axis-tick-value', { hasText: 'Insights request' }).first()).toBeVisible();
      const labels = await top.locator('.recharts-yAxis .recharts-cartesian-axis-tick-value').allTextContents();
      expect(labels.filter((l) => /^#\d+$/.test(l))).toEqual([]);
      await top.getByText('Show as table').click();
      await expect(top.getByRole('link', { name: `#${post.number} ${post.title}` })).toBeVisible();

      // The CSV is a real download with a file name.
      const [download] = await Promise.all([p.waitForEvent('download'), top.getByRole('button', { name: /Download CSV/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^insights-top-requests-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('post_number,title,board,votes_gained,total_votes');
      expect(csv).toContain(`${post.number},${post.title},${board.name},`);

      // Another period: the URL says which, and bad dates keep what was typed with the reason.
      // A fixed period applies as it is chosen: no button to press.
      await expect(p.getByRole('button', { name: 'Show' })).toHaveCount(0);
      await p.getByRole('combobox', { name: 'Period' }).selectOption('90d');
      await expect(p).toHaveURL(/\/admin\?period=90d$/);
      // The choice keeps the focus: choosing is not leaving the page.
      await expect(p.getByRole('combobox', { name: 'Period' })).toBeFocused();
      // The URL changes before the 90-day page is drawn, and drawing it remounts the period form.
      await expect(p.getByTestId('insights-results')).not.toHaveAttribute('aria-busy', 'true');
      await expect(p.getByRole('figure', { name: /Most active boards/ })).toBeVisible();
      await p.getByRole('combobox', { name: 'Period' }).selectOption('custom');
      await p.getByLabel('From', { exact: true }).fill('2026-03-10');
      await p.getByLabel('To', { exact: true }).fill('2026-03-01');
      await p.getByRole('button', { name: 'Show' }).click();
      await expect(p.getByText('The end date comes before the start date.')).toBeVisible();
      await expect(p.getByLabel('From', { exact: true })).toHaveValue('2026-03-10');
    }
  });

  test('axe finds no violations, light and dark, desktop and 360 px; a quiet period shows its empty state', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const p = page;
    {
      await seedActivity(admin, browser, baseURL!);
      const problems: string[] = [];
      for (const width of [1280, 360]) {
        await p.setViewportSize({ width, height: 900 });
        for (const scheme of ['light', 'dark'] as const) {
          await p.emulateMedia({ colorScheme: scheme });
          await p.goto('/admin');
          await expect(p.locator('[data-testid="insights-chart"] .recharts-wrapper')).toHaveCount(4);
          for (const details of await p.locator('details').all()) await details.locator('summary').click();
          problems.push(...(await axeViolations(p, `/admin ${width}px (${scheme})`)));
          expect(
            await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            `${width}px overflows`,
          ).toBeLessThanOrEqual(0);
        }
      }
      await p.goto('/admin?period=custom&from=2001-01-01&to=2001-01-31');
      await expect(p.getByTestId('insights-empty')).toContainText('No activity in this period');
      problems.push(...(await axeViolations(p, '/admin empty')));
      expect(problems).toEqual([]);
    }
  });
});
