import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { axeViolationsInLooks } from './support/axe';
import { adminContext } from './support/accounts';
import { createTag, setPostStatus, setPostTags, statusIdBySlug } from './support/board-seed';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * Layout checks instead of screenshots (docs/decisions/039-layout-checks-not-screenshots.md): measurements
 * that hold whatever the font rendering — nothing scrolls sideways at 360 px, the post list's
 * cards stay dense and their vote control large, nothing overlaps, and the danger colour is
 * only ever a dialog's confirm button. Pixel snapshots would break on every font or antialiasing
 * change without saying what broke.
 */

interface Seed {
  board: string;
  post: number;
  entry: string;
}

async function seed(admin: APIRequestContext, baseURL: string): Promise<Seed> {
  const origin = { Origin: baseURL };
  const board = await createBoard(admin, baseURL, 'layout');
  const long = 'A rather long post title that keeps going so that it has to wrap on a narrow phone screen';
  const post = await createPost(admin, baseURL, board.slug, long, '## Steps\n\n1. Open the app\n2. Go to settings\n\nIt crashes.');
  await createPost(admin, baseURL, board.slug, 'Short title', 'Just one line of body text that is long enough to be cut off.');
  const tagId = await createTag(admin, baseURL, `Layout ${Date.now().toString(36)}`);
  await setPostTags(admin, baseURL, post.number, [tagId]);
  await setPostStatus(admin, baseURL, post.number, await statusIdBySlug(admin, 'planned'));
  const entry = await admin.post('/api/v1/admin/changelog', {
    data: { title: `Layout entry ${Date.now().toString(36)}`, body: 'Shipped *things*.', label: 'new', postNumbers: [post.number] },
    headers: origin,
  });
  expect(entry.status(), await entry.text()).toBe(201);
  const { id, slug } = (await entry.json()) as { id: string; slug: string };
  expect((await admin.post(`/api/v1/admin/changelog/${id}/publish`, { headers: origin })).status()).toBe(200);
  return { board: board.slug, post: post.number, entry: slug };
}

/** Every screen a visitor can open (tokens need not be valid: the page explains). */
const publicPaths = (s: Seed) => [
  '/',
  `/b/${s.board}`,
  `/b/${s.board}?closed=show&sort=top`,
  `/b/${s.board}/new`,
  `/p/${s.post}`,
  '/roadmap',
  '/changelog',
  `/changelog/${s.entry}`,
  '/docs/api',
  '/privacy',
  '/status',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-token',
  '/verify-email?token=not-a-token',
  '/magic-link?token=not-a-token',
  '/login/sso/oidc?code=not-a-code&state=not-a-state',
  '/unsubscribe?token=not-a-token',
  '/no-such-page',
];

/** Every screen of a signed-in admin: the team area and their own pages. */
const adminPaths = (s: Seed) => [
  '/',
  `/b/${s.board}`,
  `/p/${s.post}`,
  '/notifications',
  '/settings',
  '/settings/notifications',
  '/settings/account',
  '/admin',
  '/admin/inbox',
  '/admin/boards',
  '/admin/statuses',
  '/admin/tags',
  '/admin/members',
  '/admin/changelog',
  '/admin/settings',
  '/admin/audit',
  '/admin/outbox',
  '/admin/data',
];

/** How far the document scrolls sideways past the screen (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/**
 * Elements outside a dialog painted in the danger colour (as a background): destructive actions
 * are neutral until their confirmation dialog asks (the danger colour is the confirm button's).
 */
const dangerOutsideDialogs = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = 'var(--danger)';
    document.body.append(probe);
    const danger = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('[role="dialog"]') && getComputedStyle(el).backgroundColor === danger)
      .map((el) => `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}”`);
  });

async function checkPages(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${path} scrolls sideways by ${overflow} px`);
    for (const el of await dangerOutsideDialogs(page)) problems.push(`${path}: danger colour outside a dialog on ${el}`);
  }
  return problems;
}

let seeded: Seed | null = null;
async function seedFresh(browser: Browser, baseURL: string): Promise<Seed> {
  const admin = await adminContext(browser, baseURL);
  try {
    return await seed(admin.request, baseURL);
  } finally {
    await admin.close();
  }
}

async function seedOnce(browser: Browser, baseURL: string): Promise<Seed> {
  seeded ??= await seedFresh(browser, baseURL);
  return seeded;
}

test.describe('layout at 360 px', () => {
  test('no public page scrolls sideways, and no danger colour outside dialogs', async ({ guardedPage: page, baseURL, browser }) => {
    test.setTimeout(120_000);
    const s = await seedOnce(browser, baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await checkPages(page, publicPaths(s))).toEqual([]);
  });

  test('no admin or account page scrolls sideways, an open board editor included', async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const s = await seedOnce(browser, baseURL!);
    const admin = await adminContext(browser, baseURL!);
    try {
      const page = await admin.newPage();
      await page.setViewportSize({ width: 360, height: 740 });
      const problems = await checkPages(page, adminPaths(s));
      // A board's inline editor, made private (the member picker opens).
      await page.goto('/admin/boards');
      const row = page.getByTestId('admin-board-row').first();
      await row.getByRole('button', { name: /^Edit / }).click();
      await row.getByTestId('board-edit-form').getByLabel('Who can see it').selectOption('private');
      let overflow = await sidewaysOverflow(page);
      if (overflow > 0) problems.push(`/admin/boards with the editor open scrolls sideways by ${overflow} px`);
      // The changelog editor, with its post picker.
      await page.goto('/admin/changelog');
      await page.getByTestId('entry-new').click();
      await expect(page.getByRole('heading', { level: 2, name: 'New entry' })).toBeVisible();
      overflow = await sidewaysOverflow(page);
      if (overflow > 0) problems.push(`/admin/changelog with the editor open scrolls sideways by ${overflow} px`);
      expect(problems).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  test('wide tables scroll inside a labelled, focusable region that says so', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    try {
      const page = await admin.newPage();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/admin/members');
      const region = page.getByRole('region', { name: 'Members' });
      await expect(region).toHaveAttribute('tabindex', '0');
      await expect(region).toHaveAttribute('data-overflows', 'true');
      // The members table's own hint: the page has other wide tables (pending invitations).
      const hint = region.locator('xpath=..').getByTestId('scroll-hint');
      await expect(hint).toBeVisible();
      await region.focus();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      // Wide enough for the table: no hint.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(hint).toHaveCount(0);
    } finally {
      await admin.close();
    }
  });
});

test.describe('the post list layout', () => {
  for (const width of [1280, 360]) {
    test(`cards are dense, the vote control large, nothing overlaps (${width} px)`, async ({ guardedPage: page, baseURL, browser }) => {
      // Posts of its own, made now: the cards' meta line ends in the post's age, and "12 minutes
      // ago" (a shared seed's, late in a busy run) wraps a line at 360 px where "just now" does not.
      const s = await seedFresh(browser, baseURL!);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/b/${s.board}?sort=new`);
      const cards = page.getByTestId('post-card');
      await expect(cards).toHaveCount(2);
      const boxes = await cards.evaluateAll((els) =>
        els.map((card) => {
          const box = (el: Element | null) => {
            const r = el!.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
          };
          const title = card.querySelector('[data-testid="post-title"]')!;
          return {
            card: box(card),
            vote: box(card.querySelector('[data-testid="vote-button"]')),
            title: box(title),
            titleLines: Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)),
            meta: box(card.querySelector('[data-testid="post-status"]') ?? card.querySelector('time')),
          };
        }),
      );
      const [long, short] = [boxes.find((b) => b.titleLines > 1) ?? boxes[1]!, boxes.find((b) => b.titleLines === 1)!];
      expect(short, 'a card with a one-line title').toBeTruthy();
      // A one-line title with its excerpt: about 80 px (it was 130–145).
      expect(short.card.height, 'a one-line card').toBeGreaterThanOrEqual(72);
      expect(short.card.height, 'a one-line card').toBeLessThanOrEqual(width >= 640 ? 90 : 100);
      // A title that wraps adds its lines and little else: the rest of the card stays compact.
      expect(long.card.height - long.title.height, 'a wrapping card without its title').toBeLessThanOrEqual(width >= 640 ? 70 : 100);
      for (const b of boxes) {
        // Larger than the old 44 px square, and inside its card.
        expect(b.vote.width).toBeGreaterThanOrEqual(52);
        expect(b.vote.height).toBeGreaterThanOrEqual(52);
        expect(b.vote.top).toBeGreaterThanOrEqual(b.card.top);
        expect(b.vote.bottom, 'the vote control inside its card').toBeLessThanOrEqual(b.card.bottom);
        // The title and the meta line sit beside the vote control, inside the card.
        expect(b.title.left).toBeGreaterThanOrEqual(b.vote.right);
        expect(b.meta.left).toBeGreaterThanOrEqual(b.vote.right);
        expect(b.title.right, 'the title inside its card').toBeLessThanOrEqual(b.card.right);
        expect(b.meta.bottom, 'the meta line inside its card').toBeLessThanOrEqual(b.card.bottom);
      }
      // Cards follow each other without overlapping.
      expect(boxes[0]!.card.bottom, 'cards do not overlap').toBeLessThanOrEqual(boxes[1]!.card.top + 1);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});

test.describe("the team's screens at both widths", () => {
  for (const width of [1280, 360]) {
    test(`triage: list and detail side by side when wide, the list alone at 360 px (${width} px)`, async ({ browser, baseURL }) => {
      const s = await seedOnce(browser, baseURL!);
      const admin = await adminContext(browser, baseURL!);
      try {
        const page = await admin.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/admin/inbox?board=${s.board}&sort=newest`);
        const rows = page.getByTestId('triage-row');
        await expect(rows).toHaveCount(2);
        const [first, second] = [(await rows.nth(0).boundingBox())!, (await rows.nth(1).boundingBox())!];
        expect(first.y + first.height).toBeLessThanOrEqual(second.y + 1); // rows follow each other
        expect(first.height).toBeLessThanOrEqual(width >= 1024 ? 110 : 140); // dense rows
        const list = (await page.getByTestId('triage-list').boundingBox())!;
        const detail = page.getByTestId('triage-detail');
        if (width >= 1024) {
          const d = (await detail.boundingBox())!;
          expect(d.x).toBeGreaterThanOrEqual(list.x + list.width); // beside the list, not under it
          expect(d.y).toBeLessThan(list.y + list.height);
        } else {
          await expect(detail).toBeHidden();
          expect(list.width).toBeGreaterThan(300);
        }
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      } finally {
        await admin.close();
      }
    });

    test(`the post page: the sidebar beside the text when wide, after it at 360 px (${width} px)`, async ({ browser, baseURL }) => {
      const s = await seedOnce(browser, baseURL!);
      const admin = await adminContext(browser, baseURL!);
      try {
        const page = await admin.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/p/${s.post}`);
        await expect(page.getByTestId('post-properties')).toBeVisible();
        const title = (await page.locator('main h1').boundingBox())!;
        const body = (await page.getByTestId('post-body').boundingBox())!;
        const sidebar = (await page.getByTestId('post-sidebar').boundingBox())!;
        const comments = (await page.getByTestId('comments').boundingBox())!;
        if (width >= 1024) {
          expect(sidebar.x).toBeGreaterThanOrEqual(title.x + title.width);
          expect(sidebar.y).toBeLessThanOrEqual(title.y + 1);
          expect(comments.x + comments.width).toBeLessThanOrEqual(sidebar.x);
          expect(sidebar.width).toBeGreaterThanOrEqual(240);
        } else {
          expect(sidebar.y).toBeGreaterThanOrEqual(body.y + body.height);
          expect(comments.y).toBeGreaterThanOrEqual(sidebar.y + sidebar.height);
        }
        // Property rows do not overlap each other.
        const tops = await page
          .getByTestId('post-sidebar')
          .locator('dl > div:visible, [data-testid^="property-"]')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.top, r.bottom] as const));
        const sorted = [...tops].sort((a, b) => a[0] - b[0]);
        expect(sorted.length).toBeGreaterThanOrEqual(8);
        for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]).toBeGreaterThanOrEqual(sorted[i - 1]![1] - 1);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      } finally {
        await admin.close();
      }
    });
  }
});

test.describe('axe on the changed pages: light and dark, 360 and 1280 px', () => {
  const pages = (s: Seed) => ({
    visitor: ['/', `/b/${s.board}`, `/b/${s.board}?sort=top&closed=show`, '/status'],
    admin: [
      '/admin',
      '/admin/audit',
      '/admin/members',
      '/admin/statuses',
      '/admin/tags',
      '/admin/boards',
      '/admin/changelog',
      '/settings/account',
    ],
  });
  // Each page is visited once and scanned in both themes at both widths (axeViolationsInLooks).
  test('no violations for a visitor, in both themes at 360 and 1280 px', async ({ guardedPage: page, baseURL, browser }) => {
    const s = await seedOnce(browser, baseURL!);
    const problems: string[] = [];
    for (const path of pages(s).visitor) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      problems.push(...(await axeViolationsInLooks(page, path)));
    }
    expect(problems).toEqual([]);
  });

  test('no violations for an admin, in both themes at 360 and 1280 px, a details and a dialog open', async ({ baseURL, browser }) => {
    test.setTimeout(120_000);
    const s = await seedOnce(browser, baseURL!);
    const admin = await adminContext(browser, baseURL!);
    try {
      const adminPage = await admin.newPage();
      const problems: string[] = [];
      for (const path of pages(s).admin) {
        await adminPage.goto(path);
        await expect(adminPage.locator('h1').first()).toBeVisible();
        problems.push(...(await axeViolationsInLooks(adminPage, path)));
      }
      // An audit entry's details open, and a confirmation dialog.
      await adminPage.goto('/admin/audit');
      await adminPage.getByTestId('audit-details').first().locator('summary').click();
      problems.push(...(await axeViolationsInLooks(adminPage, '/admin/audit details open')));
      await adminPage.goto('/admin/tags');
      await adminPage.getByTestId('tag-delete').first().click();
      await expect(adminPage.getByRole('dialog')).toBeVisible();
      problems.push(...(await axeViolationsInLooks(adminPage, '/admin/tags delete dialog')));
      expect(problems).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
