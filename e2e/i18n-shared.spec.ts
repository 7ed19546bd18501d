import { axeViolations } from './support/axe';
import { apiSignIn, createMember } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * The shared components' own words (the ui namespace) and /privacy (analytics) in Arabic. What
 * /privacy says of analytics in other languages is in e2e/i18n-privacy.spec.ts; the consent
 * banner is in e2e/analytics.spec.ts.
 */
test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('/privacy is right to left, fits 360 px without sideways scrolling, and passes axe in both themes', async ({
    guardedPage: page,
  }) => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/privacy');
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByTestId('feature-flags').getByRole('columnheader', { name: 'الميزة' })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${theme} ${width}: scrolls sideways by ${overflow} px`);
        problems.push(...(await axeViolations(page, `${theme} ${width}`)));
      }
    }
    expect(problems).toEqual([]);
  });
});

test.describe('a confirmation dialog in German', () => {
  test.use({ locale: 'de-DE' });

  test('says Abbrechen, and the editor its own words, while the caller’s words stay as given', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'dialog');
    const post = await createPost(admin, baseURL!, board.slug, 'Dunkler Modus für alle');
    const anon = await playwright.request.newContext({ baseURL });
    const member = await createMember(admin, anon, baseURL!, 'Dora Dialog');
    await apiSignIn(page.context().request, baseURL!, member);
    const res = await page.context().request.post(`/api/v1/posts/${post.number}/comments`, {
      data: { body: 'Bitte bald!' },
      headers: { Origin: baseURL! },
    });
    expect(res.status()).toBe(201);

    await page.goto(`/p/${post.number}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The Markdown editor's own words.
    const form = page.getByTestId('comment-form');
    await expect(form.getByRole('button', { name: 'Schreiben' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Vorschau' })).toBeVisible();
    await expect(form.getByText('Markdown: **fett**', { exact: false })).toBeVisible();

    await page.getByTestId('comment-delete').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    // User content stays as typed.
    await expect(page.getByTestId('comment')).toContainText('Bitte bald!');
    await admin.dispose();
    await anon.dispose();
  });
});
