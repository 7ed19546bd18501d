import { adminContext } from './support/accounts';
import { setPostStatus, statusIdBySlug } from './support/board-seed';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

test.describe('post lists', () => {
  test('trending and top list open work; completed and closed posts show with the toggle or their status', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    const admin = await adminContext(browser, baseURL!);
    try {
      const board = await createBoard(admin.request, baseURL!, 'open');
      const open = await createPost(admin.request, baseURL!, board.slug, 'Still wanted feature');
      const done = await createPost(admin.request, baseURL!, board.slug, 'Already shipped feature');
      const closed = await createPost(admin.request, baseURL!, board.slug, 'Declined feature');
      // Other specs share this server and its home page: votes lift these two to the top of trending
      // (cast before the status change closes voting on the done one).
      const tag = Date.now().toString(36);
      for (const number of [open.number, done.number]) {
        for (let i = 0; i < 6; i++) {
          const res = await admin.request.post(`/api/v1/posts/${number}/votes`, {
            data: { email: `lists-${tag}-${number}-${i}@example.test` },
            headers: { Origin: baseURL! },
          });
          expect(res.status()).toBeLessThan(300);
        }
      }
      await setPostStatus(admin.request, baseURL!, done.number, await statusIdBySlug(admin.request, 'complete'));
      await setPostStatus(admin.request, baseURL!, closed.number, await statusIdBySlug(admin.request, 'closed'));
      const titles = () => page.getByTestId('post-title').allTextContents();

      await page.goto(`/b/${board.slug}`);
      await expect(page.getByTestId('post-title')).toHaveText(['Still wanted feature']);
      await expect(page.getByTestId('open-only-note')).toBeVisible();
      // The toggle is a link: the view has its own URL.
      await page.getByTestId('closed-toggle').click();
      await expect(page).toHaveURL(/closed=show/);
      await expect.poll(titles).toHaveLength(3);
      // It stays on when the sort changes, and off again with the other link.
      await page.getByTestId('sort-top').click();
      await expect(page).toHaveURL(/sort=top/);
      await expect(page).toHaveURL(/closed=show/);
      // The drawn page's toggle, not the one of the page before (its link differs).
      await expect(page.getByTestId('sort-top')).toHaveAttribute('aria-current', 'page');
      await expect.poll(titles).toHaveLength(3);
      await page.getByTestId('closed-toggle').click();
      await expect(page).not.toHaveURL(/closed=/);
      await expect(page.getByTestId('post-title')).toHaveText(['Still wanted feature']);
      // New lists everything; choosing a status shows it.
      await page.goto(`/b/${board.slug}?sort=new`);
      await expect.poll(titles).toHaveLength(3);
      await expect(page.getByTestId('closed-toggle')).toHaveCount(0);
      await page.goto(`/b/${board.slug}?status=complete`);
      await expect(page.getByTestId('post-title')).toHaveText(['Already shipped feature']);

      // The home page's trending list too.
      await page.goto('/');
      const home = page.getByRole('list', { name: 'Trending posts' });
      await expect(home.getByText('Still wanted feature')).toBeVisible();
      await expect(home.getByText('Already shipped feature')).toHaveCount(0);
      await page.getByTestId('closed-toggle').click();
      await expect(page).toHaveURL(/\?closed=show$/);
      await expect(page.getByRole('list', { name: 'Trending posts' }).getByText('Already shipped feature')).toBeVisible();
      expect(open.number).toBeGreaterThan(0);
    } finally {
      await admin.close();
    }
  });

  test('pages go forward and back with rel=next and rel=prev links, by keyboard too; excerpts keep their breaks', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminContext(browser, baseURL!);
    try {
      const board = await createBoard(admin.request, baseURL!, 'pages');
      for (let i = 0; i < 45; i++) {
        const body = i === 0 ? '## Steps\n\n1. Open the app and sign in\n2. Go to settings\n\nIt crashes.' : '';
        await createPost(admin.request, baseURL!, board.slug, `Paged idea ${String(i).padStart(2, '0')}`, body);
      }
      const titles = () => page.getByTestId('post-title').allTextContents();
      await page.goto(`/b/${board.slug}?sort=new`);
      await expect(page.getByTestId('posts-prev')).toHaveCount(0);
      const first = await titles();
      expect(first).toHaveLength(20);
      await expect(page.getByTestId('posts-next')).toHaveAttribute('rel', 'next');

      await page.getByTestId('posts-next').click();
      await expect(page).toHaveURL(/cursor=/);
      await expect.poll(titles).not.toEqual(first);
      const second = await titles();
      await page.getByTestId('posts-next').click();
      await expect.poll(titles).toEqual(['Paged idea 04', 'Paged idea 03', 'Paged idea 02', 'Paged idea 01', 'Paged idea 00']);
      await expect(page.getByTestId('posts-next')).toHaveCount(0);
      await expect(page.getByTestId('post-excerpt').last()).toHaveText('Steps — Open the app and sign in · Go to settings — It crashes.');

      // Back, by keyboard: the link takes focus and Enter follows it.
      const prev = page.getByTestId('posts-prev');
      await expect(prev).toHaveAttribute('rel', 'prev');
      await prev.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/before=/);
      await expect.poll(titles).toEqual(second);
      await page.getByTestId('posts-prev').click();
      await expect.poll(titles).toEqual(first);
      await expect(page.getByTestId('posts-prev')).toHaveCount(0);
      await expect(page.getByTestId('posts-first')).toHaveCount(0);
    } finally {
      await admin.close();
    }
  });

  test('the footer’s Status link leads to a status page a person can read', async ({ guardedPage: page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Status' }).click();
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
    await expect(page.getByTestId('status-summary')).toHaveText('Everything is working.');
    await expect(page.getByTestId('status-database')).toContainText(/Reachable, \d+ ms for a round trip\. Embedded database/);
    await expect(page.getByTestId('status-jobs')).toBeVisible();
    await expect(page.getByTestId('status-version')).toContainText(/\d+\.\d+\.\d+/);
  });
});
