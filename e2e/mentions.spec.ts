import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolationsInLooks } from './support/axe';
import { apiSignIn, createMember, type Credentials } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * Mentions: `@` and a name in a comment box lists people to mention (those who took part in the
 * post, and the team), the keyboard picks one, and the published comment shows the mention.
 */

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

async function setUp(playwright: Playwright, baseURL: string) {
  const admin = await playwright.request.newContext({ baseURL });
  await apiSignIn(admin, baseURL);
  const board = await createBoard(admin, baseURL, 'mentions');
  const post = await createPost(admin, baseURL, board.slug, 'Export the monthly report');
  const anon = await playwright.request.newContext({ baseURL });
  // Someone who took part: they commented on the post.
  const otto = await createMember(admin, anon, baseURL, 'Otto Participant');
  const ottoApi = await playwright.request.newContext({ baseURL });
  await apiSignIn(ottoApi, baseURL, otto);
  const res = await ottoApi.post(`/api/v1/posts/${post.number}/comments`, {
    data: { body: 'I need this too.' },
    headers: { Origin: baseURL },
  });
  expect(res.status()).toBe(201);
  const writer = await createMember(admin, anon, baseURL, 'Wanda Writer');
  return { admin, board, post, writer };
}

async function signIn(page: Page, baseURL: string, creds: Credentials) {
  await apiSignIn(page.context().request, baseURL, creds);
}

/** Types `text` into the comment box, a key at a time, and waits for the suggestions. */
async function typeMention(page: Page, text: string) {
  const box = page.getByTestId('comment-form').getByLabel('Your comment', { exact: true });
  // Typed before the page has hydrated, the text lands in the box but nothing suggests: start
  // again until the suggestions answer.
  await expect(async () => {
    await box.fill('');
    await box.click();
    await box.pressSequentially(text);
    await expect(page.getByRole('listbox', { name: 'People to mention' })).toBeVisible({ timeout: 2000 });
  }).toPass();
  return box;
}

test.describe('mentions', () => {
  test('type @ in a comment, pick with the keyboard, submit, and see the mention', async ({ guardedPage: page, baseURL, playwright }) => {
    const { post, writer } = await setUp(playwright, baseURL!);
    await signIn(page, baseURL!, writer);
    await page.goto(`/p/${post.number}`);

    const box = await typeMention(page, 'Thanks @ot');
    const list = page.getByRole('listbox', { name: 'People to mention' });
    await expect(list.getByRole('option')).toHaveText(['Otto Participant']);
    await expect(page.getByTestId('mention-status')).toHaveText('1 person to mention.');
    // The textarea keeps the focus and points at the highlighted option.
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('aria-autocomplete', 'list');
    const optionId = await list.getByRole('option').first().getAttribute('id');
    await expect(box).toHaveAttribute('aria-activedescendant', optionId!);
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');

    // Escape closes the list and keeps the text; it stays closed for that @, and a new @ opens it again.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('Thanks @ot');
    await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);
    await box.pressSequentially('t');
    await page.waitForTimeout(400);
    await expect(list).toBeHidden();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await box.pressSequentially('@ott');
    await expect(list.getByRole('option')).toHaveText(['Otto Participant']);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(/^Thanks @\[Otto Participant\]\(user:[0-9a-f-]{36}\) $/);
    await box.pressSequentially('for the details.');

    await page.getByTestId('comment-submit').click();
    const mine = page.getByTestId('comment').nth(1);
    await expect(mine).toContainText('Thanks @Otto Participant for the details.');
    const mention = mine.getByTestId('mention');
    await expect(mention).toHaveText('@Otto Participant');
    // A mention is not a link (there are no profile pages) and shows no token.
    await expect(mine.locator('.markdown a')).toHaveCount(0);
    await expect(mention.locator('xpath=ancestor::a')).toHaveCount(0);
    await expect(mine).not.toContainText('user:');
  });

  test('a tap picks a person at 360 px', async ({ guardedPage: page, baseURL, playwright }) => {
    const { post, writer } = await setUp(playwright, baseURL!);
    await signIn(page, baseURL!, writer);
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`/p/${post.number}`);
    const box = await typeMention(page, '@Ott');
    await page.getByRole('option', { name: 'Otto Participant' }).click();
    await expect(box).toHaveValue(/^@\[Otto Participant\]\(user:[0-9a-f-]{36}\) $/);
    await expect(box).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('visitors ask for no suggestions', async ({ guardedPage: page, baseURL, playwright }) => {
    const { board } = await setUp(playwright, baseURL!);
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('mention-suggestions') || /MentionSuggest/.test(req.url())) asked.push(req.url());
    });
    await page.goto(`/b/${board.slug}/new`);
    const body = page.getByLabel('Description', { exact: true });
    await body.pressSequentially('Ask @ada about it');
    await page.waitForTimeout(500);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('axe finds no violations with the suggestions open, in either theme at 360 and 1280 px', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const { post, writer } = await setUp(playwright, baseURL!);
    await signIn(page, baseURL!, writer);
    await page.goto(`/p/${post.number}`);
    await typeMention(page, '@o');
    await expect(page.getByRole('option', { name: 'Otto Participant' })).toBeVisible();
    expect(await axeViolationsInLooks(page, 'the suggestions', { height: 900 })).toEqual([]);
    // Still open after the changes of look.
    await expect(page.getByRole('option', { name: 'Otto Participant' })).toBeVisible();
  });
});
