import { apiSignIn, createMember, adminContext, uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('/admin/outbox', () => {
  test('a member gets the 403 screen', async ({ guardedPage: page, browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const creds = await createMember(admin.request, page.context().request, baseURL!);
    await apiSignIn(page.context().request, baseURL!, creds);
    const res = await page.goto('/admin/outbox');
    expect(res?.status()).toBe(403);
    await expect(page.getByTestId('error-403')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Team area' })).toHaveCount(0);
    await admin.close();
  });

  test('an admin reads each email: its status, its text, and its HTML in a sandboxed frame', async ({ guardedPage: page, baseURL }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('outbox');
    const up = await page.context().request.post('/api/v1/auth/sign-up', {
      data: { email, password: 'outbox password 1', displayName: 'Otto' },
      headers: { Origin: baseURL! },
    });
    // No SMTP here: a confirmed email is not required, so the new member is signed in at once,
    // and the confirmation email waits in the outbox all the same.
    expect(up.status()).toBe(201);
    await apiSignIn(page.context().request, baseURL!);
    await page.goto('/admin/outbox');
    await expect(page.getByTestId('smtp-off')).toBeVisible();
    await expect(page.getByTestId('email-not-configured')).toContainText(/\d+ emails? (is|are) waiting in the outbox/);

    const item = page.getByTestId('outbox-item').filter({ hasText: email }).first();
    await expect(item).toContainText('Confirm your email address');
    await expect(item.getByTestId('outbox-status')).toHaveText('Not sent: SMTP not configured');
    await expect(item.getByTestId('outbox-text')).toBeHidden();
    await expect(item.getByTestId('outbox-html')).toHaveCount(0);

    // Keyboard: the summary opens the entry.
    await item.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(item.getByTestId('outbox-text')).toContainText('/verify-email?token=');
    const frame = item.getByTestId('outbox-html');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('title', /^HTML version of/);
    expect(await frame.getAttribute('srcdoc')).toContain('Confirm my email');
    await expect(item.frameLocator('iframe').getByRole('link', { name: 'Confirm my email' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelectorAll('main a[href*="verify-email"]').length)).toBe(0);

    expect(await axeViolations(page, '/admin/outbox (an email open)')).toEqual([]);
  });

  test('"Older emails" pages back through the cursor and moves focus to the first older email', async ({ guardedPage: page, baseURL }) => {
    test.setTimeout(90_000);
    const request = page.context().request;
    for (let i = 0; i < 21; i++) {
      const res = await request.post('/api/v1/auth/sign-up', {
        data: { email: uniqueEmail('page'), password: 'paging password 1', displayName: `Pager ${i}` },
        headers: { Origin: baseURL! },
      });
      expect(res.status()).toBe(201);
    }
    await apiSignIn(request, baseURL!);
    await page.goto('/admin/outbox');
    const items = page.getByTestId('outbox-item');
    await expect(items).toHaveCount(20);
    const ids = await items.evaluateAll((els) => els.map((el) => el.textContent));
    await page.getByRole('button', { name: 'Older emails' }).click();
    await expect.poll(() => items.count()).toBeGreaterThan(20);
    await expect(items.nth(20).locator('summary')).toBeFocused();
    const after = await items.evaluateAll((els) => els.map((el) => el.textContent));
    expect(after.slice(0, 20)).toEqual(ids);
  });

  test('fits a 360 px screen', async ({ guardedPage: page, baseURL }) => {
    await apiSignIn(page.context().request, baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
