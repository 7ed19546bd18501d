import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { apiSignIn, createMember } from './support/accounts';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

// Images in posts and comments (issue 11): pick, paste, refusal, visibility, accessibility.
// The logo and "powered by" are workspace-wide, so their specs live in workspace-settings.spec.ts,
// whose server runs alone.

const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Pastes a file into the focused element as a browser's clipboard would deliver it. */
async function pasteFile(page: Page, selector: string, bytes: Buffer, name: string, type: string) {
  await page.locator(selector).evaluate(
    (el, file) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { bytes: [...bytes], name, type },
  );
}

/** Every uploaded image on the page has loaded (the browser decoded it). */
async function expectImagesLoaded(page: Page, count: number) {
  const images = page.getByTestId('attachment-image');
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

test.describe('attachments', () => {
  test('a member adds images by picking and by pasting; they render in the post', async ({ guardedPage: page, baseURL, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'pics');
    const anon = await playwright.request.newContext({ baseURL });
    const member = await createMember(admin, anon, baseURL!, 'Pia Pictures');
    await apiSignIn(page.context().request, baseURL!, member);

    await page.goto(`/b/${board.slug}/new`);
    await page.getByLabel('Title').fill('Screenshots of the broken chart');
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Here is what I see:');
    await page
      .getByTestId('image-input')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: await png(320, 200, '#2255aa') });
    await expect(description).toHaveValue(/Here is what I see:\n!\[chart\]\(\/api\/v1\/attachments\/[0-9a-f-]{36}\)\n/);

    await description.focus();
    await pasteFile(page, 'textarea[name=body]', await png(200, 120, '#aa5522'), 'pasted.png', 'image/png');
    await expect(description).toHaveValue(/!\[pasted\]\(\/api\/v1\/attachments\/[0-9a-f-]{36}\)/);
    await expect(page.getByTestId('image-upload-error')).toHaveCount(0);

    // The preview shows the writer's own uploads as images.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('markdown-preview').getByTestId('attachment-image')).toHaveCount(2);
    await page.getByRole('button', { name: 'Write' }).click();

    await page.getByTestId('new-post-submit').click();
    await expect(page).toHaveURL(/\/p\/\d+-screenshots-of-the-broken-chart$/);
    await expectImagesLoaded(page, 2);
    const first = page.getByTestId('attachment-image').first();
    await expect(first).toHaveAttribute('alt', 'chart');
    await expect(first).toHaveAttribute('width', '320');
    await expect(first).toHaveAttribute('height', '200');
    await expect(first).toHaveAttribute('loading', 'lazy');
    await expect(first).toHaveAttribute('src', /\/api\/v1\/attachments\/[0-9a-f-]{36}\/web$/);
    await expect(first.locator('xpath=..')).toHaveAttribute('href', /\/api\/v1\/attachments\/[0-9a-f-]{36}$/);

    // Visitors see them too: the post is public.
    const visitor = await playwright.request.newContext({ baseURL });
    const src = await first.getAttribute('src');
    const served = await visitor.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    // A comment takes an image too.
    const comment = page.getByTestId('comment-form');
    await comment.getByLabel('Your comment', { exact: true }).fill('And on mobile:');
    await comment
      .getByTestId('image-input')
      .setInputFiles({ name: 'mobile.png', mimeType: 'image/png', buffer: await png(90, 160, '#22aa55') });
    await expect(comment.getByLabel('Your comment', { exact: true })).toHaveValue(/!\[mobile\]/);
    await page.getByTestId('comment-submit').click();
    await expect(page.getByTestId('comment')).toHaveCount(1);
    await expectImagesLoaded(page, 3);
  });

  test('a disguised executable is refused with a clear message, and nothing is inserted', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'refuse');
    await apiSignIn(page.context().request, baseURL!);
    await page.goto(`/b/${board.slug}/new`);
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Before');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
    await page.getByTestId('image-input').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: exe });
    await expect(page.getByTestId('image-upload-error')).toHaveText(
      'holiday.png was not added: Only PNG, JPEG, GIF and WebP images can be uploaded.',
    );
    await expect(description).toHaveValue('Before');
    // Dropping it is refused the same way.
    await page.locator('textarea[name=body]').evaluate(
      (el, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'dropped.gif', { type: 'image/gif' }));
        el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      },
      [...exe],
    );
    await expect(page.getByTestId('image-upload-error')).toContainText('dropped.gif was not added');
    await expect(description).toHaveValue('Before');
  });

  test('an image on a private board is refused to outsiders and visitors', async ({ guardedPage: page, baseURL, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const slug = `secret-${Date.now().toString(36)}`;
    const made = await admin.post('/api/v1/boards', {
      data: { name: `Secret ${slug}`, slug, visibility: 'private' },
      headers: { Origin: baseURL! },
    });
    expect(made.status()).toBe(201);
    const upload = await admin.post('/api/v1/attachments?filename=plan.png', {
      data: await png(60, 40, '#111111'),
      headers: { Origin: baseURL!, 'content-type': 'image/png' },
    });
    expect(upload.status()).toBe(201);
    const { id, markdown } = (await upload.json()) as { id: string; markdown: string };
    const post = await createPost(admin, baseURL!, slug, 'The secret plan', markdown);
    expect((await admin.get(`/api/v1/attachments/${id}`)).status()).toBe(200);

    const anon = await playwright.request.newContext({ baseURL });
    const outsider = await createMember(admin, anon, baseURL!, 'Olli Outsider');
    await apiSignIn(page.context().request, baseURL!, outsider);
    for (const path of [`/api/v1/attachments/${id}`, `/api/v1/attachments/${id}/web`]) {
      const res = await page.context().request.get(path);
      expect(res.status()).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
      expect((await playwright.request.newContext({ baseURL }).then((v) => v.get(path))).status()).toBe(404);
    }
    const response = await page.goto(`/p/${post.number}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('attachment-image')).toHaveCount(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the editor with images and the post page pass axe (${scheme}) at 360 and 1280 px`, async ({
      guardedPage: page,
      baseURL,
      playwright,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const admin = await playwright.request.newContext({ baseURL });
      await apiSignIn(admin, baseURL!);
      const board = await createBoard(admin, baseURL!, 'axe-img');
      const upload = await admin.post('/api/v1/attachments?filename=wide.png', {
        data: await png(1400, 300, '#884422'),
        headers: { Origin: baseURL!, 'content-type': 'image/png' },
      });
      const { markdown } = (await upload.json()) as { markdown: string };
      const post = await createPost(admin, baseURL!, board.slug, 'A wide image', `Before ${markdown} after`);
      await apiSignIn(page.context().request, baseURL!);
      const problems: string[] = [];
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/p/${post.number}`);
        await expectImagesLoaded(page, 1);
        problems.push(...(await axeViolations(page, `post page ${width}`)));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        await page.goto(`/b/${board.slug}/new`);
        await page
          .getByTestId('image-input')
          .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('MZ' + 'A'.repeat(100)) });
        await expect(page.getByTestId('image-upload-error')).toBeVisible();
        problems.push(...(await axeViolations(page, `new post with an upload error ${width}`)));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      expect(problems).toEqual([]);
    });
  }
});
