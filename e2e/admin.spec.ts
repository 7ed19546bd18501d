import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { adminContext, apiSignIn, createMember, latestEmail, uniqueEmail } from './support/accounts';
import { setRole } from './support/board-seed';
import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, label)).toEqual([]);
}

const signInStatus = async (request: APIRequestContext, baseURL: string, creds: { email: string; password: string }) => {
  const res = await request.post('/api/v1/auth/sign-in', { data: creds, headers: { Origin: baseURL } });
  return { status: res.status(), code: res.status() === 200 ? undefined : ((await res.json()) as { error: { code: string } }).error.code };
};

test.describe('the team area: members and the audit log', () => {
  test('an admin searches, invites, changes a role, bans and unbans; the audit log shows it all', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const tag = Date.now().toString(36);
    const promoteName = `Robin ${tag}`;
    const banName = `Casey ${tag}`;
    const signUpCtx = await browser.newContext({ baseURL });
    const promoted = await createMember(admin, signUpCtx.request, baseURL!, promoteName);
    const banned = await createMember(admin, signUpCtx.request, baseURL!, banName);
    // The person to be banned, signed in on their own device.
    const bannedCtx = await browser.newContext({ baseURL });
    await apiSignIn(bannedCtx.request, baseURL!, banned);

    try {
      await page.goto('/admin/members');
      await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
      // Each column's heading starts where its cells start: at the column's start edge.
      const members = page.getByTestId('members-scroll').locator('table');
      for (const name of ['Name', 'Email', 'Role']) {
        const headingText = await members.getByRole('columnheader', { name }).evaluate((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          return range.getBoundingClientRect().x - th.getBoundingClientRect().x;
        });
        expect(headingText, `${name}: the heading's text starts at its start edge`).toBeLessThan(1);
      }

      // Search: the query goes into the URL.
      await page.getByLabel('Search members').fill(tag);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/members\\?q=${tag}$`));
      await expect(page.getByTestId('member-row')).toHaveCount(2);
      await expectNoAxeViolations(page, '/admin/members');

      // Invite a moderator; accept the emailed invitation through the API.
      const inviteEmail = uniqueEmail('invitee');
      const invite = page.getByTestId('invite-form');
      await invite.getByLabel('Email address').fill(inviteEmail);
      await invite.getByLabel('Role').selectOption('moderator');
      // No SMTP on this server: the page says the link is for the admin to send (invitations.spec.ts).
      await invite.getByRole('button', { name: 'Create invitation' }).click();
      await expect(page.getByTestId('invite-sent')).toContainText('Invitation created: copy the link and send it yourself.');
      const mail = await latestEmail(admin, inviteEmail, 'invite');
      const token = /\/signup\?invite=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();
      const invitedCtx = await browser.newContext({ baseURL });
      try {
        const accepted = await invitedCtx.request.post('/api/v1/auth/sign-up', {
          data: { email: inviteEmail, displayName: `Invitee ${tag}`, password: 'invitee password 1234', inviteToken: token },
          headers: { Origin: baseURL! },
        });
        expect(accepted.status()).toBe(201);
        expect(await (await invitedCtx.request.get('/api/v1/me')).json()).toMatchObject({ email: inviteEmail, role: 'moderator' });
        // A moderator sees the list and may ban members (not themselves), but not change roles or invite; the audit log is admins' only.
        const modPage = await invitedCtx.newPage();
        await modPage.goto(`/admin/members?q=${tag}`);
        await expect(
          modPage
            .getByTestId('member-row')
            .filter({ hasText: banName })
            .getByRole('button', { name: `Ban ${banName}` }),
        ).toBeVisible();
        await expect(
          modPage
            .getByTestId('member-row')
            .filter({ hasText: `Invitee ${tag}` })
            .getByRole('button'),
        ).toHaveCount(0);
        await expect(modPage.getByTestId('invite-form')).toHaveCount(0);
        // No SMTP on this server: moderators are told too, without the outbox (admins only).
        await expect(modPage.getByTestId('email-not-configured')).toContainText('Admins can read them in the outbox');
        await expect(modPage.getByTestId('email-not-configured').getByRole('link')).toHaveCount(0);
        // No role selects for a moderator (the footer's language picker is not the page's).
        await expect(modPage.getByRole('main').getByRole('combobox')).toHaveCount(0);
        const modAudit = await modPage.goto('/admin/audit');
        expect(modAudit?.status()).toBe(403);
      } finally {
        await invitedCtx.close();
      }

      // Change a role.
      const promoteRow = page.getByTestId('member-row').filter({ hasText: promoteName });
      await promoteRow.getByLabel(`Role of ${promoteName}`).selectOption('moderator');
      await expect(page.getByTestId('members-message')).toContainText(`${promoteName} is now moderator`);

      // Ban, through the confirmation dialog.
      const banRow = page.getByTestId('member-row').filter({ hasText: banName });
      await banRow.getByRole('button', { name: `Ban ${banName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Ban ${banName}?` });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, '/admin/members with the ban dialog open');
      await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(banRow.getByTestId('member-state')).toHaveText('Banned');
      await expect(banRow.getByRole('button', { name: `Unban ${banName}` })).toBeFocused();

      // The banned person's own session is over, and they cannot sign in.
      expect((await bannedCtx.request.get('/api/v1/me')).status()).toBe(401);
      expect(await signInStatus(bannedCtx.request, baseURL!, banned)).toEqual({ status: 403, code: 'ACCOUNT_BANNED' });
      const bannedPage = await bannedCtx.newPage();
      await bannedPage.goto('/');
      await expect(bannedPage.getByTestId('sign-in-link')).toBeVisible();

      // Unban.
      await banRow.getByRole('button', { name: `Unban ${banName}` }).click();
      await page
        .getByRole('dialog', { name: `Unban ${banName}?` })
        .getByRole('button', { name: 'Unban', exact: true })
        .click();
      await expect(banRow.getByTestId('member-state')).toHaveText('Active');
      expect((await signInStatus(bannedCtx.request, baseURL!, banned)).status).toBe(200);

      // The reloaded list agrees with what the page showed.
      await page.reload();
      await expect(page.getByTestId('member-row').filter({ hasText: promoteName }).getByLabel(`Role of ${promoteName}`)).toHaveValue(
        'moderator',
      );
      expect((await signInStatus(signUpCtx.request, baseURL!, promoted)).status).toBe(200);

      // The audit log lists those actions, newest first.
      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      // In sentences, with the people named and linked, and what changed under "Show what changed".
      const rows = page.getByTestId('audit-row');
      const adminName = ((await (await admin.get('/api/v1/me')).json()) as { displayName: string }).displayName;
      await expect(
        rows.filter({ hasText: 'member.unbanned' }).filter({ hasText: banName }).first().getByTestId('audit-sentence'),
      ).toHaveText(`${adminName} lifted the ban on ${banName}.`);
      const bannedRow = rows.filter({ hasText: 'member.banned' }).filter({ hasText: banName }).first();
      await expect(bannedRow.getByTestId('audit-sentence')).toHaveText(`${adminName} banned ${banName}.`);
      await expect(bannedRow.getByRole('link', { name: banName })).toHaveAttribute(
        'href',
        `/admin/members?q=${encodeURIComponent(banned.email)}`,
      );
      await expect(bannedRow.getByTestId('audit-diff')).toBeHidden();
      await bannedRow.getByText('Show what changed').click();
      await expect(bannedRow.getByTestId('audit-diff')).toHaveText('state: active → banned');
      const roleRow = rows.filter({ hasText: 'member.role_changed' }).filter({ hasText: promoteName }).first();
      await expect(roleRow.getByTestId('audit-sentence')).toHaveText(
        `${adminName} changed the role of ${promoteName} from member to moderator.`,
      );
      // The person's page in the member list is one click away.
      await roleRow.getByRole('link', { name: promoteName }).click();
      await expect(page).toHaveURL(/\/admin\/members\?q=/);
      await expect(page.getByTestId('member-row')).toHaveCount(1);
      await expect(page.getByTestId('member-row')).toContainText(promoteName);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      // The invitation came first; other specs on this server may have pushed it off the first
      // page since, so it is looked up through the API, further back.
      const invited = (
        (await (await admin.get('/api/v1/audit?limit=100')).json()) as { items: { action: string; after: unknown }[] }
      ).items.find((e) => e.action === 'member.invited' && JSON.stringify(e.after).includes(inviteEmail));
      expect(invited?.after).toMatchObject({ role: 'moderator' });
      const actions = await rows.getByTestId('audit-action').allTextContents();
      expect(actions.indexOf('member.unbanned')).toBeLessThan(actions.indexOf('member.banned'));
      await expectNoAxeViolations(page, '/admin/audit');
    } finally {
      await signUpCtx.close();
      await bannedCtx.close();
    }
  });

  test('without SMTP: the team is told that email is not configured, and an admin marks a member verified', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    const tag = Date.now().toString(36);
    const name = `Una ${tag}`;
    const creds = { email: uniqueEmail('unconfirmed'), password: 'unconfirmed password 1' };
    const memberCtx = await browser.newContext({ baseURL });
    try {
      // Signed in at once (no SMTP: a confirmed email is not required), but unconfirmed.
      const up = await memberCtx.request.post('/api/v1/auth/sign-up', {
        data: { ...creds, displayName: name },
        headers: { Origin: baseURL! },
      });
      expect(up.status()).toBe(201);
      await apiSignIn(page.context().request, baseURL!);
      await page.goto(`/admin/members?q=${tag}`);

      const notice = page.getByTestId('email-not-configured');
      await expect(notice).toContainText('Email is not configured.');
      await expect(notice).toContainText(/\d+ emails? (is|are) waiting in the outbox/);
      await expect(notice.getByRole('link', { name: 'Open the outbox' })).toHaveAttribute('href', '/admin/outbox');

      const row = page.getByTestId('member-row').filter({ hasText: name });
      await expect(row.getByTestId('member-state')).toHaveText('Unverified');
      await expectNoAxeViolations(page, '/admin/members with the email notice');
      await row.getByRole('button', { name: `Mark verified ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Mark ${name}'s address as confirmed?` });
      await expect(dialog).toContainText(creds.email);
      await expectNoAxeViolations(page, '/admin/members with the verify dialog open');
      await dialog.getByRole('button', { name: 'Mark verified', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId('member-state')).toHaveText('Active');
      await expect(row.getByRole('button', { name: `Mark verified ${name}` })).toHaveCount(0);
      await expect(page.getByTestId('members-message')).toContainText(`${name}'s address is marked as confirmed.`);

      expect(await (await memberCtx.request.get('/api/v1/me')).json()).toMatchObject({ emailVerified: true });
      const audit = (await (await page.context().request.get('/api/v1/audit?limit=20')).json()) as {
        items: { action: string; target: { label: string } | null }[];
      };
      expect(audit.items.find((e) => e.action === 'member.email_verified')?.target?.label).toBe(name);
    } finally {
      await memberCtx.close();
    }
  });

  test('a member gets the styled 403 screen in the team area', async ({ guardedPage: page, baseURL, browser }) => {
    const adminCtx = await adminContext(browser, baseURL!);
    try {
      await createMember(adminCtx.request, page.context().request, baseURL!, 'Plain Member');
    } finally {
      await adminCtx.close();
    }
    for (const path of ['/admin', '/admin/members', '/admin/audit', '/admin/settings']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByTestId('error-403')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
    }
    await expectNoAxeViolations(page, '403 screen');
  });
});

test('/admin shows admins and moderators the insights; the team navigation names only built screens', async ({
  guardedPage: page,
  baseURL,
  browser,
}) => {
  const admin = page.context().request;
  await apiSignIn(admin, baseURL!);
  const modCtx = await browser.newContext({ baseURL });
  try {
    const moderator = await createMember(admin, modCtx.request, baseURL!, 'Entry Moderator');
    await setRole(admin, baseURL!, moderator.email, 'moderator');
    await apiSignIn(modCtx.request, baseURL!, moderator);
    const modPage = await modCtx.newPage();
    for (const p of [page, modPage]) {
      await p.goto('/admin');
      await expect(p).toHaveURL(/\/admin$/);
      await expect(p.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
      const teamNav = p.getByRole('navigation', { name: 'Team area' });
      await expect(teamNav.getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
      await teamNav.getByRole('link', { name: 'Inbox' }).click();
      await expect(p.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
      await expect(teamNav.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    }
  } finally {
    await modCtx.close();
  }
});

test('a moderator is offered Ban on members only, and the API agrees', async ({ guardedPage: page, baseURL, browser }) => {
  const admin = page.context().request;
  await apiSignIn(admin, baseURL!);
  const tag = Date.now().toString(36);
  const anon = await browser.newContext({ baseURL });
  const modCtx = await browser.newContext({ baseURL });
  try {
    const memberName = `Mel ${tag}`;
    const otherModName = `Oona ${tag}`;
    await createMember(admin, anon.request, baseURL!, memberName);
    const otherMod = await createMember(admin, anon.request, baseURL!, otherModName);
    const moderator = await createMember(admin, anon.request, baseURL!, `Max ${tag}`);
    await setRole(admin, baseURL!, otherMod.email, 'moderator');
    await setRole(admin, baseURL!, moderator.email, 'moderator');
    await apiSignIn(modCtx.request, baseURL!, moderator);
    const modPage = await modCtx.newPage();
    await modPage.goto(`/admin/members?q=${tag}`);
    const rows = modPage.getByTestId('member-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: memberName }).getByRole('button', { name: `Ban ${memberName}` })).toBeVisible();
    await expect(rows.filter({ hasText: otherModName }).getByRole('button')).toHaveCount(0);
    await expect(rows.filter({ hasText: `Max ${tag}` }).getByRole('button')).toHaveCount(0);
    await modPage.goto(`/admin/members?q=${encodeURIComponent(E2E_ADMIN.email)}`);
    await expect(modPage.getByTestId('member-row')).toHaveCount(1);
    await expect(modPage.getByTestId('member-row').getByRole('button')).toHaveCount(0);

    const { items } = (await (await admin.get(`/api/v1/members?q=${encodeURIComponent(otherMod.email)}`)).json()) as {
      items: { id: string }[];
    };
    const refused = await modCtx.request.post(`/api/v1/members/${items[0]!.id}/ban`, { headers: { Origin: baseURL! } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Only admins can ban a moderator.');
  } finally {
    await anon.close();
    await modCtx.close();
  }
});

test('the admin pages pass axe in the dark theme and fit a 360 px screen', async ({ guardedPage: page, baseURL }) => {
  await apiSignIn(page.context().request, baseURL!);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/admin/members', '/admin/audit', '/admin/settings']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoAxeViolations(page, `${path} (dark)`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
  }
});
