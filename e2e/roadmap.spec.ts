import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { adminContext, apiSignIn } from './support/accounts';
import { setPostStatus, setRole, statusIdBySlug } from './support/board-seed';
import { expect, test } from './support/fixtures';
import { createBoard, createPost, memberContext } from './support/posts';
import { axeViolationsInLooks, sidewaysScroll } from './support/axe';

/**
 * The roadmap: a post shows in the column of its status right after the status changes; the
 * team moves cards by keyboard ("Move to…") and by drag and drop, and each move is a status change
 * in the post's history; members vote from the cards; axe finds nothing for visitors or the team.
 */

const column = (page: Page, slug: string) => page.locator(`[data-testid="roadmap-column"][data-status="${slug}"]`);
const card = (page: Page | Locator, number: number) => page.locator(`[data-testid="roadmap-card"][data-number="${number}"]`);

async function seed(admin: APIRequestContext, baseURL: string, title: string, status = 'planned') {
  const board = await createBoard(admin, baseURL, 'roadmap');
  const post = await createPost(admin, baseURL, board.slug, `${title} ${Date.now().toString(36)}`);
  await setPostStatus(admin, baseURL, post.number, await statusIdBySlug(admin, status));
  return { board, post };
}

async function moderatorPage(browser: Browser, admin: APIRequestContext, baseURL: string) {
  const { context, creds } = await memberContext(browser, admin, baseURL, 'Road Moderator');
  await setRole(admin, baseURL, creds.email, 'moderator');
  // A role change ends the person's sessions: sign in again.
  await apiSignIn(context.request, baseURL, creds);
  return { context, page: await context.newPage() };
}

test('a post shows in its new column right after its status changes', async ({ guardedPage: page, browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const { board, post } = await seed(admin.request, baseURL!, 'Roadmap column check');
  await page.goto(`/roadmap?board=${board.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeVisible();
  await expect(card(column(page, 'planned'), post.number)).toBeVisible();
  await expect(column(page, 'in-progress').getByTestId('column-empty')).toHaveText('No cards match these filters.');

  await setPostStatus(admin.request, baseURL!, post.number, await statusIdBySlug(admin.request, 'in-progress'));
  await page.reload();
  await expect(card(column(page, 'in-progress'), post.number)).toBeVisible();
  await expect(card(column(page, 'planned'), post.number)).toHaveCount(0);
  await expect(column(page, 'planned').getByTestId('column-empty')).toBeVisible();

  // The card links to the post.
  await card(page, post.number).getByTestId('card-title').click();
  await expect(page).toHaveURL(new RegExp(`/p/${post.number}`));
  await admin.close();
});

test('a moderator moves a card with the keyboard only: the status changes and the history records it', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const { board, post } = await seed(admin.request, baseURL!, 'Keyboard move');
  const mod = await moderatorPage(browser, admin.request, baseURL!);
  const page = mod.page;
  await page.goto(`/roadmap?board=${board.slug}`);
  const moveButton = card(page, post.number).getByTestId('move-to');
  await expect(moveButton).toBeVisible();

  // Tab to the card's "Move to…" button, open it with Enter, Tab to "Complete", Enter.
  for (let i = 0; i < 40 && !(await moveButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(moveButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(moveButton).toHaveAttribute('aria-expanded', 'true');
  const targets = card(page, post.number).getByTestId('move-target');
  await expect(targets.first()).toBeFocused();
  await expect(targets.filter({ hasText: 'Planned' })).toHaveCount(0); // not its own column
  const complete = targets.filter({ hasText: /^Complete$/ });
  for (let i = 0; i < 10 && !(await complete.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(complete).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(card(column(page, 'complete'), post.number)).toBeVisible();
  await expect(page.getByTestId('roadmap-announcement')).toHaveText(/Moved “.*” to Complete\./);
  await expect(card(column(page, 'planned'), post.number)).toHaveCount(0);
  // Focus follows the card into its new column.
  await expect(card(column(page, 'complete'), post.number).getByTestId('card-title')).toBeFocused();

  // The server has it: a fresh load, and the post's history.
  await page.reload();
  await expect(card(column(page, 'complete'), post.number)).toBeVisible();
  await page.goto(`/p/${post.number}`);
  await expect(page.getByTestId('status-history')).toContainText('Complete');
  await expect(page.getByTestId('status-history')).toContainText('Road Moderator');
  await mod.context.close();
  await admin.close();
});

test('a moderator drags a card to another column', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const { board, post } = await seed(admin.request, baseURL!, 'Drag me');
  const mod = await moderatorPage(browser, admin.request, baseURL!);
  const page = mod.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/roadmap?board=${board.slug}`);
  const handle = card(page, post.number).getByTestId('drag-handle');
  await expect(handle).toBeVisible();
  const from = (await handle.boundingBox())!;
  const to = (await column(page, 'in-progress').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 15 });
  await page.mouse.up();

  await expect(card(column(page, 'in-progress'), post.number)).toBeVisible();
  const res = await admin.request.get(`/api/v1/roadmap?board=${board.slug}`);
  const body = (await res.json()) as { columns: { status: { slug: string }; items: { number: number }[] }[] };
  expect(body.columns.find((c) => c.status.slug === 'in-progress')!.items.map((i) => i.number)).toEqual([post.number]);
  await mod.context.close();
  await admin.close();
});

test('visitors see no team controls; a member votes from a card', async ({ guardedPage: page, browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const { board, post } = await seed(admin.request, baseURL!, 'Vote on the roadmap');
  await page.goto(`/roadmap?board=${board.slug}`);
  await expect(card(page, post.number)).toBeVisible();
  await expect(page.getByTestId('move-to')).toHaveCount(0);
  await expect(page.getByTestId('drag-handle')).toHaveCount(0);

  const member = await memberContext(browser, admin.request, baseURL!);
  const memberPage = await member.context.newPage();
  await memberPage.goto(`/roadmap?board=${board.slug}`);
  const vote = card(memberPage, post.number).getByTestId('vote-button');
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  // The button answers at once; the reload below must wait for the server to have the vote.
  const saved = memberPage.waitForResponse((r) => r.url().endsWith('/vote') && r.request().method() === 'PUT');
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(vote.getByTestId('vote-count')).toHaveText('1');
  expect((await saved).ok()).toBe(true);
  await memberPage.reload();
  await expect(card(memberPage, post.number).getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await member.context.close();
  await admin.close();
});

test('axe finds no violations on /roadmap for visitors and the team, in either theme at 360 px and desktop', async ({
  guardedPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await adminContext(browser, baseURL!);
  const { board } = await seed(admin.request, baseURL!, 'Accessible card');
  const mod = await moderatorPage(browser, admin.request, baseURL!);
  const problems: string[] = [];
  for (const [who, p] of [
    ['visitor', page],
    ['moderator', mod.page],
  ] as const) {
    for (const url of ['/roadmap', `/roadmap?board=${board.slug}`]) {
      await p.goto(url);
      await expect(p.locator('h1')).toHaveText('Roadmap');
      if (who === 'moderator') await expect(p.getByTestId('drag-handle').first()).toBeVisible();
      problems.push(...(await axeViolationsInLooks(p, `${who} ${url}`, { also: () => sidewaysScroll(p, `${who} ${url}`) })));
    }
  }
  expect(problems).toEqual([]);
  await mod.context.close();
  await admin.close();
});

test('a column shows 20 cards and loads the rest on demand', async ({ guardedPage: page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await adminContext(browser, baseURL!);
  const board = await createBoard(admin.request, baseURL!, 'roadmap-pages');
  const inProgress = await statusIdBySlug(admin.request, 'in-progress');
  for (let i = 0; i < 23; i++) {
    const post = await createPost(admin.request, baseURL!, board.slug, `Paged card ${i} ${Date.now().toString(36)}`);
    await setPostStatus(admin.request, baseURL!, post.number, inProgress);
  }
  await page.goto(`/roadmap?board=${board.slug}`);
  const col = column(page, 'in-progress');
  await expect(col.getByTestId('roadmap-card')).toHaveCount(20);
  await expect(col.getByTestId('column-total')).toHaveText('23 cards');
  await col.getByTestId('load-more').click();
  await expect(col.getByTestId('roadmap-card')).toHaveCount(23);
  await expect(col.getByTestId('load-more')).toHaveCount(0);
  const numbers = await col.getByTestId('roadmap-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-number')));
  expect(new Set(numbers).size).toBe(23);
  await admin.close();
});
