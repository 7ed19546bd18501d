import type { APIRequestContext } from '@playwright/test';
import { adminContext, apiSignIn, createMember } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * Issue 8. F3: a member's comment nested far too deep must not break the post page for anyone,
 * and the team must be able to delete it from that page. I2: link targets that browsers read as
 * another host must never be rendered as same-site links; Chromium itself resolves every href.
 */

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test('a deeply nested comment leaves the post page working; a moderator deletes it from there', async ({
  browser,
  baseURL,
  guardedPage: page,
}) => {
  test.setTimeout(120_000);
  const headers = { Origin: baseURL! };
  const admin = await adminContext(browser, baseURL!);
  const anonymous = await browser.newContext({ baseURL });
  const board = await createBoard(admin.request, baseURL!, 'deep');
  const post = await createPost(admin.request, baseURL!, board.slug, 'A post with a hostile comment', 'The body is **fine**.');

  // A member posts ">" 4,999 times and "x": 5,000 characters, the most a comment may hold.
  const member = await browser.newContext({ baseURL });
  await apiSignIn(member.request, baseURL!, await createMember(admin.request, anonymous.request, baseURL!, 'Deep Nester'));
  await ok(
    await member.request.post(`/api/v1/posts/${post.number}/comments`, { headers, data: { body: '>'.repeat(4999) + 'x' } }),
    'comment',
  );
  await ok(
    await member.request.post(`/api/v1/posts/${post.number}/comments`, { headers, data: { body: 'A *normal* comment after it.' } }),
    'second comment',
  );

  // A visitor gets the page (a fresh context: signing up through `anonymous` signed it in).
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const response = await visitor.goto(`/p/${post.number}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('A post with a hostile comment');
  const hostile = visitor.getByTestId('comment').first();
  await expect(hostile.locator('blockquote')).toHaveCount(10);
  await expect(hostile).toContainText('>>>>>x');
  await expect(visitor.getByTestId('comment').nth(1).locator('em')).toHaveText('normal');
  await expect(visitor.getByTestId('comment-delete')).toHaveCount(0);
  // The preview endpoint, which visitors may call, answers too.
  expect(
    (await visitorContext.request.post('/api/v1/markdown/preview', { headers, data: { body: '>'.repeat(4999) + 'x' } })).status(),
  ).toBe(200);

  // A moderator opens the same page and deletes the comment there.
  const modCreds = await createMember(admin.request, anonymous.request, baseURL!, 'Mona Moderator');
  await apiSignIn(page.context().request, baseURL!, modCreds);
  const me = await ok<{ id: string }>(await page.context().request.get('/api/v1/me'), 'me');
  await ok(await admin.request.patch(`/api/v1/members/${me.id}`, { headers, data: { role: 'moderator' } }), 'promote');
  await apiSignIn(page.context().request, baseURL!, modCreds); // a role change ends the person's sessions
  await page.goto(`/p/${post.number}`);
  const target = page.getByTestId('comment').first();
  await expect(target.locator('blockquote')).toHaveCount(10);
  await target.getByTestId('comment-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete comment' }).click();
  await expect(target).toHaveText('This comment was deleted.');
  await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

  await Promise.all([admin.close(), anonymous.close(), member.close(), visitorContext.close()]);
});

test('links that browsers read as another host are not rendered as links to it', async ({ browser, baseURL, guardedPage: page }) => {
  const headers = { Origin: baseURL! };
  const admin = await adminContext(browser, baseURL!);
  const board = await createBoard(admin.request, baseURL!, 'links');
  const post = await createPost(admin.request, baseURL!, board.slug, 'Links spelled every way');
  // Markdown source: "\\" is one backslash, "&#9;" a tab, "&#10;" a newline, "&#1;" a control character.
  const spellings = [
    '/\\evil.example',
    '/&#9;/evil.example',
    '/&#10;/evil.example',
    '&#9;/\\evil.example',
    '\\\\\\\\evil.example',
    '//evil.example',
    '/&#92;evil.example',
    '&#1;//evil.example',
    'java&#10;script:alert(1)',
    '/.//evil.example',
    '/%5Cevil.example',
    '/p/1',
  ];
  const body = [...spellings.map((url, i) => `[link ${i}](${url})`), '[fine](https://example.com/ok)'].join('\n\n');
  await ok(await admin.request.post(`/api/v1/posts/${post.number}/comments`, { headers, data: { body } }), 'comment');

  await page.goto(`/p/${post.number}`);
  const comment = page.getByTestId('comment').first();
  await expect(comment).toContainText('link 0');
  // Chromium resolves each href as it would follow it.
  const links = await comment.locator('a[rel~="ugc"]').evaluateAll((anchors) =>
    anchors.map((a) => ({
      text: a.textContent,
      href: (a as HTMLAnchorElement).href,
      raw: a.getAttribute('href'),
      origin: location.origin,
    })),
  );
  expect(links.find((l) => l.text === 'fine')?.href).toBe('https://example.com/ok');
  for (const link of links.filter((l) => l.text !== 'fine')) {
    const url = new URL(link.href);
    expect(url.origin, `${link.text}: ${link.raw}`).toBe(link.origin);
  }
  expect(links.map((l) => new URL(l.href).hostname)).not.toContain('evil.example');
  await admin.close();
});
