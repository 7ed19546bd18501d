/**
 * Issue 9, done when 1, on the `smtp` server (email leaves over SMTP to e2e/support/smtp-sink.ts):
 * a moderator sets a post to Planned with a public note; each voter gets exactly one email with a
 * working one-click unsubscribe and sees 1 on their bell; the moderator gets nothing; after
 * unsubscribing, the next status change sends that person nothing.
 */
import type { APIRequestContext } from '@playwright/test';
import { SMTP_SINK_URL, E2E_ADMIN } from '../playwright.config';
import { adminContext } from './support/accounts';
import { createBoard, createPost, memberContext } from './support/posts';
import { expect, test } from './support/fixtures';

interface SunkMessage {
  to: string[];
  subject: string;
  text: string;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
}

async function messagesTo(request: APIRequestContext, to: string, about: string): Promise<SunkMessage[]> {
  const res = await request.get(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as SunkMessage[]).filter((m) => m.subject.includes(about));
}

test('a status change with a public note: one email per voter, a working one-click unsubscribe, the bell shows 1', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminContext(browser, baseURL!);
  const board = await createBoard(admin.request, baseURL!, 'notify');
  const title = `Notify me ${Date.now().toString(36)}`;
  const post = await createPost(admin.request, baseURL!, board.slug, title);
  const voters: Awaited<ReturnType<typeof memberContext>>[] = [];
  for (const name of ['Vera Voter', 'Walt Voter']) {
    const voter = await memberContext(browser, admin.request, baseURL!, name);
    expect((await voter.context.request.put(`/api/v1/posts/${post.number}/vote`, { headers: { Origin: baseURL! } })).status()).toBe(200);
    voters.push(voter);
  }
  // The admin voted too: they make the change, and hear nothing of it.
  await admin.request.put(`/api/v1/posts/${post.number}/vote`, { headers: { Origin: baseURL! } });

  const modPage = await admin.newPage();
  await modPage.goto(`/p/${post.number}`);
  await modPage.getByTestId('property-status').click();
  const editor = modPage.getByTestId('status-editor');
  await editor.getByLabel('Planned', { exact: true }).check();
  await editor.getByLabel('Public note (optional)').fill('Planned for the next release.');
  await editor.getByRole('button', { name: 'Save status' }).click();
  await expect(modPage.getByTestId('property-status')).toContainText('Planned');

  for (const voter of voters) {
    await expect.poll(async () => (await messagesTo(request, voter.creds.email, title)).length, { timeout: 30_000 }).toBe(1);
  }
  const [first] = await messagesTo(request, voters[0]!.creds.email, title);
  expect(first!.subject).toContain('Planned');
  expect(first!.text).toContain('Planned for the next release.');
  expect(first!.text).toContain('/settings/notifications');
  expect(first!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  expect(first!.listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/v1\/unsubscribe\?token=[^>]+>$/);

  // The bell of each voter shows 1, and opens the notification.
  const voterPage = await voters[0]!.context.newPage();
  await voterPage.goto('/');
  const bell = voterPage.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await expect(voterPage.getByTestId('notification-panel').getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await voterPage.keyboard.press('Escape');
  await expect(bell).toBeFocused();

  // One-click, as a mail provider sends it: no session, no Origin of ours, the RFC 8058 form body.
  const oneClick = first!.listUnsubscribe!.slice(1, -1);
  const anonymous = await browser.newContext();
  const res = await anonymous.request.post(oneClick, {
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { Origin: 'https://mail.example' },
  });
  expect(res.status()).toBe(200);
  await anonymous.close();

  // The next status change: Walt hears of it, Vera (unsubscribed) does not, the admin never.
  await modPage.reload();
  // The editor opens once the page has hydrated (the subscribe button is enabled then).
  await expect(modPage.getByTestId('subscribe-button')).toBeEnabled();
  await modPage.getByTestId('property-status').click();
  await modPage.getByTestId('status-editor').getByLabel('In progress', { exact: true }).check();
  await modPage.getByTestId('status-editor').getByRole('button', { name: 'Save status' }).click();
  await expect(modPage.getByTestId('property-status')).toContainText('In progress');
  await expect.poll(async () => (await messagesTo(request, voters[1]!.creds.email, title)).length, { timeout: 30_000 }).toBe(2);
  expect(await messagesTo(request, voters[0]!.creds.email, title)).toHaveLength(1);
  expect(await messagesTo(request, E2E_ADMIN.email, title)).toHaveLength(0);

  for (const voter of voters) await voter.context.close();
  await admin.close();
});
