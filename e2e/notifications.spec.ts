/**
 * The notification screens: /notifications (opening marks read, mark all read), the preferences
 * at /settings/notifications, /unsubscribe (GET changes nothing; the button does), and their
 * accessibility in both themes at 360 px and desktop width.
 */
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { adminContext } from './support/accounts';
import { axeViolationsInLooks, sidewaysScroll } from './support/axe';
import { statusIdBySlug } from './support/board-seed';
import { createBoard, createPost, memberContext } from './support/posts';
import { expect, test } from './support/fixtures';

async function notifiedMember(browser: import('@playwright/test').Browser, baseURL: string) {
  const admin = await adminContext(browser, baseURL);
  const board = await createBoard(admin.request, baseURL, 'notif');
  const title = `Bell ${Date.now().toString(36)}`;
  const post = await createPost(admin.request, baseURL, board.slug, title);
  const member = await memberContext(browser, admin.request, baseURL, 'Nora Notified');
  await member.context.request.put(`/api/v1/posts/${post.number}/vote`, { headers: { Origin: baseURL } });
  const setStatus = async (slug: string, note = '') => {
    const statusId = await statusIdBySlug(admin.request, slug);
    const res = await admin.request.post(`/api/v1/posts/${post.number}/status`, { data: { statusId, note }, headers: { Origin: baseURL } });
    expect(res.status()).toBe(200);
  };
  return { admin, member, post, title, setStatus };
}

/** The unsubscribe page's path from the member's notification email (the digest leaves within the server's 10 s sweep). */
async function unsubscribePath(admin: APIRequestContext, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/v1/admin/outbox?to=${encodeURIComponent(to)}&limit=20`);
        const { items } = (await res.json()) as { items: { kind: string; text: string }[] };
        text = items.find((m) => m.kind === 'notification')?.text ?? '';
        return text !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return /https?:\/\/[^\s]+(\/unsubscribe\?token=[^\s]+)/.exec(text)![1]!;
}

async function unreadOf(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/v1/me/notifications/unread-count')).json()) as { unread: number }).unread;
}

test('the list marks an item read when opened, and mark all read clears the rest', async ({ browser, baseURL }) => {
  const { admin, member, post, title, setStatus } = await notifiedMember(browser, baseURL!);
  await setStatus('planned', 'Soon.');
  await setStatus('in-progress');
  await expect.poll(() => unreadOf(member.context.request), { timeout: 15_000 }).toBe(2);

  const page = await member.context.newPage();
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('notifications-unread')).toHaveText('2 unread');
  await items
    .first()
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/p/${post.number}`));
  await expect.poll(() => unreadOf(member.context.request)).toBe(1);
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 unread');

  await page.goto('/notifications');
  await page.getByTestId('mark-all-read').click();
  await expect(page.getByTestId('notifications-unread')).toHaveText('Nothing unread.');
  expect(await unreadOf(member.context.request)).toBe(0);
  await member.context.close();
  await admin.close();
});

test('preferences: turning status emails off is saved and kept', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const member = await memberContext(browser, admin.request, baseURL!, 'Pia Prefs');
  const page = await member.context.newPage();
  await page.goto('/settings/notifications');
  const box = page.getByTestId('pref-status_changed-email');
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId('preferences-message')).toContainText('saved');
  await page.reload();
  await expect(page.getByTestId('pref-status_changed-email')).not.toBeChecked();
  await expect(page.getByTestId('pref-status_changed-in_app')).toBeChecked();
  // Members are not offered the team's kinds.
  await expect(page.getByTestId('pref-team_new_post-email')).toHaveCount(0);
  await member.context.close();
  await admin.close();
});

test('the unsubscribe page changes nothing until its button is pressed, and needs no sign-in', async ({
  browser,
  baseURL,
  guardedPage,
}) => {
  const { admin, member, setStatus } = await notifiedMember(browser, baseURL!);
  await setStatus('planned');
  const path = await unsubscribePath(admin.request, member.creds.email);

  await guardedPage.goto(path);
  await expect(guardedPage.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  const prefs = async (ctx: BrowserContext) =>
    (
      (await (await ctx.request.get('/api/v1/me/notification-preferences')).json()) as {
        preferences: { kind: string; channel: string; enabled: boolean }[];
      }
    ).preferences;
  const statusEmail = async () => (await prefs(member.context)).find((p) => p.kind === 'status_changed' && p.channel === 'email')!.enabled;
  expect(await statusEmail()).toBe(true);
  await guardedPage.getByTestId('unsubscribe-confirm').click();
  await expect(guardedPage.getByTestId('unsubscribed')).toBeVisible();
  expect(await statusEmail()).toBe(false);

  await guardedPage.goto('/unsubscribe?token=forged.token');
  await expect(guardedPage.getByTestId('unsubscribe-invalid')).toBeVisible();
  await member.context.close();
  await admin.close();
});

test.describe('accessibility', () => {
  // It makes a member, waits for their digest email (the server's 10 s sweep) and checks four pages,
  // each in both themes at both widths.
  test('axe finds no violations in either theme at 360 and 1280 px, and nothing overflows', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { admin, member, setStatus } = await notifiedMember(browser, baseURL!);
    await setStatus('planned', 'A note.');
    const unsubscribe = await unsubscribePath(admin.request, member.creds.email);
    const page = await member.context.newPage();
    const problems: string[] = [];
    for (const path of ['/notifications', '/settings/notifications', unsubscribe, '/unsubscribe?token=x']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const label = path.split('?')[0]!;
      problems.push(...(await axeViolationsInLooks(page, label, { also: () => sidewaysScroll(page, label) })));
    }
    // The bell's panel, open.
    await page.goto('/notifications');
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-panel').getByTestId('notification').first()).toBeVisible();
    problems.push(...(await axeViolationsInLooks(page, 'bell panel')));
    expect(problems).toEqual([]);
    await member.context.close();
    await admin.close();
  });
});
