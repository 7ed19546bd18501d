import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, createMember, createModerator, uniqueEmail } from './support/accounts';
import { createBoard } from './support/posts';
import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

/** This spec makes the workspace private for a while: it runs alone on its own server (playwright.config.ts). */

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, label)).toEqual([]);
}

const signInStatus = async (request: APIRequestContext, baseURL: string, creds: { email: string; password: string }) => {
  const res = await request.post('/api/v1/auth/sign-in', { data: creds, headers: { Origin: baseURL } });
  return { status: res.status(), code: ((await res.json().catch(() => ({}))) as { error?: { code?: string } }).error?.code };
};

test.describe('workspace settings', () => {
  // This server is the one no other spec creates boards on, so the home page starts empty here.
  test('before any board exists, the home page says so and points the admin to the board settings', async ({
    guardedPage: page,
    baseURL,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('boards-empty')).toContainText('No boards yet');
    await expect(page.getByTestId('boards-empty').getByRole('link')).toHaveCount(0);
    await apiSignIn(page.context().request, baseURL!);
    await page.goto('/');
    await expect(page.getByTestId('boards-empty').getByRole('link', { name: 'board settings' })).toHaveAttribute('href', '/admin/boards');
  });

  test('validates inline, and sign-in-required sends visitors to sign in until set back to public', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
    await expectNoAxeViolations(page, '/admin/settings');
    // This server runs without CHORUS_SECRET_KEY: single sign-on says what it needs, and saves nothing.
    await expect(page.getByTestId('sso-needs-key')).toContainText('CHORUS_SECRET_KEY');
    await expect(page.getByRole('button', { name: 'Save Google' })).toBeDisabled();

    // Browser-side validation with the server's schema: nothing is sent.
    await page.getByLabel('Accent colour').fill('purple');
    await page.getByLabel('Who can sign up').selectOption('domain_allowlist');
    await page.getByLabel('Allowed email domains').fill('example.com\nnot a domain!');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Use a colour like #6d28d9')).toBeVisible();
    await expect(page.getByText(/Not domain names?: /)).toBeVisible();
    await expect(page.getByLabel('Accent colour')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '/admin/settings with errors');
    await page.reload();
    // A choice made before the form has hydrated would be written over by its defaults.
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/^Notifications, /);

    const visitor = await browser.newContext({ baseURL });
    try {
      await page.getByLabel('Who can read the boards').selectOption('sign_in_required');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();

      const home = await visitor.request.get('/', { maxRedirects: 0 });
      expect(home.status()).toBe(307);
      expect(home.headers()['location']).toBe('/login?next=%2F');
      // A visitor sees only the sign-in page, wherever they go.
      const visitorPage = await visitor.newPage();
      for (const path of ['/', '/docs/api', '/privacy']) {
        await visitorPage.goto(path);
        await expect(visitorPage).toHaveURL(/\/login\?next=/);
        await expect(visitorPage.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(visitorPage.getByLabel('Password', { exact: true })).toBeVisible();
      }
      expect((await visitor.request.get('/api/v1/workspace')).status()).toBe(401);
      expect((await visitor.request.get('/api/health')).status()).toBe(200);
      expect((await signInStatus(visitor.request, baseURL!, { email: uniqueEmail('nobody'), password: 'wrong password 123' })).code).toBe(
        'INVALID_CREDENTIALS',
      );
    } finally {
      const restored = await admin.patch('/api/v1/admin/settings', { data: { access: 'public' }, headers: { Origin: baseURL! } });
      expect(restored.status()).toBe(200);
    }
    try {
      const home = await visitor.request.get('/', { maxRedirects: 0 });
      expect(home.status()).toBe(200);
      const audit = await (await admin.get('/api/v1/audit?limit=5')).json();
      expect(audit.items.map((e: { action: string }) => e.action)).toContain('workspace.settings_changed');
    } finally {
      await visitor.close();
    }
  });

  test('a confirmed email required without SMTP: sign-up says to ask an admin, sign-in waits until an admin marks the address verified', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    await page.goto('/admin/settings');
    const confirmation = page.getByLabel('Confirmed email to sign up');
    await expect(confirmation).toHaveValue('auto');
    // The hint says what the default means on this install.
    await expect(page.getByText('This workspace cannot send email yet (no SMTP_URL). New members are signed in at once')).toBeVisible();
    await confirmation.selectOption('required');
    await expect(page.getByText('New members must confirm their address before they can sign in.')).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-saved')).toBeVisible();

    const visitor = await browser.newContext({ baseURL });
    try {
      const creds = { email: uniqueEmail('waiting'), password: 'waiting password 1' };
      const name = `Wanda ${Date.now().toString(36)}`;
      const visitorPage = await visitor.newPage();
      await visitorPage.goto('/signup');
      await visitorPage.getByLabel('Your name').fill(name);
      await visitorPage.getByLabel('Email', { exact: true }).fill(creds.email);
      await visitorPage.getByLabel('Password', { exact: true }).fill(creds.password);
      await visitorPage.getByRole('button', { name: 'Create account' }).click();
      const answer = visitorPage.getByTestId('ask-admin');
      await expect(answer).toContainText('This workspace cannot send email yet');
      await expect(answer).toContainText(`Nothing was emailed to ${creds.email}`);
      await expect(answer).toBeFocused();
      await expectNoAxeViolations(visitorPage, '/signup answered without SMTP');

      await visitorPage.goto('/login');
      await visitorPage.getByLabel('Email', { exact: true }).fill(creds.email);
      await visitorPage.getByLabel('Password', { exact: true }).fill(creds.password);
      await visitorPage.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(visitorPage.getByTestId('form-problem')).toContainText(
        'This workspace cannot send email yet, so ask one of its admins to confirm your address.',
      );

      await page.goto(`/admin/members?q=${encodeURIComponent(creds.email)}`);
      const row = page.getByTestId('member-row').filter({ hasText: name });
      await expect(row.getByTestId('member-state')).toHaveText('Unverified');
      await row.getByRole('button', { name: `Mark verified ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark verified', exact: true }).click();
      await expect(row.getByTestId('member-state')).toHaveText('Active');
      expect((await signInStatus(visitor.request, baseURL!, creds)).status).toBe(200);
    } finally {
      await visitor.close();
      const restored = await admin.patch('/api/v1/admin/settings', { data: { emailConfirmation: 'auto' }, headers: { Origin: baseURL! } });
      expect(restored.status()).toBe(200);
    }
  });

  test('the default language an admin picks: for browsers that ask for none of ours', async ({ guardedPage: page, baseURL, browser }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const visitor = await browser.newContext({ baseURL });
    const langOf = async (acceptLanguage: string) => {
      const res = await visitor.request.get('/', { headers: { 'accept-language': acceptLanguage } });
      return { header: res.headers()['content-language'], html: /<html lang="([^"]+)" dir="([^"]+)"/.exec(await res.text())?.slice(1) };
    };
    try {
      expect(await langOf('ko-KR')).toEqual({ header: 'en', html: ['en', 'ltr'] });
      await page.goto('/admin/settings');
      await page.getByTestId('settings-default-locale').selectOption('ar');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();
      // A browser asking for none of our languages now gets Arabic, right to left (no stale copy of the English page).
      expect(await langOf('ko-KR')).toEqual({ header: 'ar', html: ['ar', 'rtl'] });
      // One that asks for one of ours still gets it.
      expect(await langOf('fr-CA,fr;q=0.8')).toEqual({ header: 'fr', html: ['fr', 'ltr'] });
    } finally {
      await admin.patch('/api/v1/admin/settings', { data: { defaultLocale: 'en' }, headers: { Origin: baseURL! } });
      await visitor.close();
    }
  });

  test('the accent colour an admin picks colours every page, in both themes', async ({ guardedPage: page, baseURL }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const accent = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    const save = async (accentColor: string) => {
      const res = await admin.patch('/api/v1/admin/settings', { data: { accentColor }, headers: { Origin: baseURL! } });
      expect(res.status()).toBe(200);
    };
    try {
      await save('#115e59');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/');
      expect(await accent()).toBe('#115e59');
      // In the dark theme, lightened until it reads on the dark surface (src/lib/accent.ts).
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/roadmap');
      expect(await accent()).toBe('#548b87');
      await save('#6d28d9');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/');
      expect(await accent()).toBe('#6d28d9');
    } finally {
      await save('#6d28d9');
    }
  });

  test('branding: an uploaded logo shows in the header, the favicon in the head, and "powered by" can be hidden', async ({
    guardedPage: page,
    baseURL,
  }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const { default: sharp } = await import('sharp');
    const logo = await sharp({ create: { width: 400, height: 100, channels: 4, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    try {
      await page.goto('/admin/settings');
      await expect(page.getByTestId('workspace-logo')).toHaveCount(0);
      await expect(page.getByTestId('footer-credit')).toHaveText('Acme Feedback feedback · powered by Chorus');
      await page.getByTestId('branding-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expect(page.getByTestId('branding-logo-message')).toHaveText('Logo saved.');
      const header = page.getByTestId('workspace-logo');
      await expect(header).toHaveAttribute('src', /^\/api\/v1\/branding\/[0-9a-f-]{36}$/);
      await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(96);
      // A disguised file is refused with the reason, and the logo stays.
      await page
        .getByTestId('branding-logo-input')
        .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('MZ' + 'x'.repeat(64)) });
      await expect(page.getByTestId('branding-logo-message')).toContainText('Only PNG, JPEG, GIF and WebP images can be uploaded.');
      await expect(page.getByTestId('workspace-logo')).toHaveCount(1);

      await page.getByTestId('branding-favicon-input').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: logo });
      await expect(page.getByTestId('branding-favicon-message')).toHaveText('Favicon saved.');
      // The head is the document's: a new page load shows it, for visitors too.
      const visitorPage = await page.context().browser()!.newPage();
      await visitorPage.goto(`${baseURL}/`);
      await expect(visitorPage.locator('link[rel=icon]')).toHaveAttribute('href', /^\/api\/v1\/branding\/[0-9a-f-]{36}$/);
      await expect(visitorPage.getByTestId('workspace-logo')).toHaveCount(1);
      await visitorPage.close();

      await page.getByTestId('settings-powered-by').uncheck();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();
      await expect(page.getByTestId('footer-credit')).toHaveText('Acme Feedback feedback');
      await page.goto('/');
      await expect(page.getByTestId('footer-credit')).not.toContainText('powered by');

      const problems: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto('/admin/settings');
          await expect(page.getByTestId('branding-logo-preview')).toBeVisible();
          problems.push(...(await axeViolations(page, `/admin/settings ${scheme} ${width}`)));
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        }
      }
      expect(problems).toEqual([]);

      await page.getByRole('button', { name: 'Remove logo' }).click();
      await expect(page.getByTestId('branding-logo-message')).toHaveText('Logo removed.');
      await expect(page.getByTestId('workspace-logo')).toHaveCount(0);
    } finally {
      await admin.delete('/api/v1/admin/branding/logo', { headers: { Origin: baseURL! } });
      await admin.delete('/api/v1/admin/branding/favicon', { headers: { Origin: baseURL! } });
      await admin.patch('/api/v1/admin/settings', { data: { showPoweredBy: true }, headers: { Origin: baseURL! } });
    }
  });
});

// Moderation is workspace-wide: on a server other specs share, their members' posts would wait for
// approval too while it is on (a fresh-clone run failed so), so it is proved here, after the tests above.
test.describe('the moderation inbox', () => {
  test("with moderation on, a member's post waits in the inbox; a moderator approves it and a visitor then sees it", async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await browser.newContext({ baseURL });
    const anon = await browser.newContext({ baseURL });
    const memberCtx = await browser.newContext({ baseURL });
    const headers = { Origin: baseURL! };
    try {
      await apiSignIn(admin.request, baseURL!);
      const { slug } = await createBoard(admin.request, baseURL!, 'triage');
      const member = await createMember(admin.request, anon.request, baseURL!, 'Pending Poster');
      const moderator = await createModerator(admin.request, anon.request, baseURL!);
      await apiSignIn(memberCtx.request, baseURL!, member);

      // Switched on only for the one post, and back off at once.
      const settings = (await (await admin.request.get('/api/v1/admin/settings')).json()) as { moderation: string };
      let number: number;
      try {
        expect((await admin.request.patch('/api/v1/admin/settings', { data: { moderation: 'all' }, headers })).status()).toBe(200);
        const created = await memberCtx.request.post('/api/v1/posts', {
          data: { board: slug, title: `Waiting for approval ${slug}`, body: 'Please review me.' },
          headers,
        });
        expect(created.status()).toBe(201);
        number = ((await created.json()) as { number: number }).number;
      } finally {
        await admin.request.patch('/api/v1/admin/settings', { data: { moderation: settings.moderation }, headers });
      }
      expect((await anon.request.get(`/api/v1/posts/${number}`)).status()).toBe(404);

      await apiSignIn(page.context().request, baseURL!, moderator);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/admin/inbox?show=pending');
      const row = page.locator(`[data-testid=triage-row][data-number="${number}"]`);
      await expect(row).toContainText(`Waiting for approval ${slug}`);
      await expect(row).toContainText('Awaiting approval');
      await expect(row.getByTestId('triage-title')).toHaveAttribute('href', new RegExp(`^/p/${number}`));
      expect(await axeViolations(page, '/admin/inbox')).toEqual([]);
      await row.getByTestId('triage-title').click();
      const approval = page.getByTestId('approval-actions');

      // A refusal from the server is shown beside the buttons, in the page's words for its reason
      // (never the API's own message); nothing changes.
      await page.route(`**/api/v1/posts/${number}/approval`, (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'CONFLICT', message: 'The API’s own words.', reason: 'postAlreadyApproved', requestId: 'x' },
          }),
        }),
      );
      await approval.getByTestId('approve').click();
      await expect(approval.getByRole('alert')).toContainText('This post was already approved.');
      await expect(row).toContainText('Awaiting approval');
      await page.unroute(`**/api/v1/posts/${number}/approval`);

      // The "a" shortcut approves the selected post.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('a');
      await expect(page.getByTestId('approval-actions')).toHaveCount(0);
      await expect(row).not.toContainText('Awaiting approval');
      expect((await anon.request.get(`/api/v1/posts/${number}`)).status()).toBe(200);
      // Approved and without a status, it is now a post to triage.
      await page.goto('/admin/inbox?show=untriaged');
      await expect(page.locator(`[data-testid=triage-row][data-number="${number}"]`)).toBeVisible();

      // Deciding twice is refused.
      const again = await page.context().request.post(`/api/v1/posts/${number}/approval`, { data: { approval: 'rejected' }, headers });
      expect(again.status()).toBe(409);
    } finally {
      await admin.close();
      await anon.close();
      await memberCtx.close();
    }
  });
});
