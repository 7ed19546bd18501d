import { adminContext, apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

/**
 * A moderator triages a post on its page: a status with a public note (the post's history) and
 * tags; a visitor then sees the badge, the note and the tags, and voting closes with a done status.
 */
test('the team sets a status with a public note and tags on the post page; a visitor sees them', async ({
  guardedPage: page,
  browser,
  baseURL,
}) => {
  const admin = await adminContext(browser, baseURL!);
  const origin = { Origin: baseURL! };
  const board = await createBoard(admin.request, baseURL!, 'triage');
  const post = await createPost(admin.request, baseURL!, board.slug, `Triage me ${Date.now()}`);
  const tagName = `Tag ${Date.now().toString(36)}`;
  expect((await admin.request.post('/api/v1/tags', { data: { name: tagName, color: '#0ea5e9' }, headers: origin })).status()).toBe(201);

  await apiSignIn(page.context().request, baseURL!);
  await page.goto(`/p/${post.number}`);
  const status = page.getByTestId('post-status-control');
  // The note's hint promises what happens: the post's voters and subscribers are notified (e2e/notifications-smtp.spec.ts).
  await expect(status).toContainText("Shown with the change in the post's history and sent to its voters and subscribers.");
  await status.getByLabel('Status').selectOption({ label: 'Planned (Planned)' });
  await status.getByLabel('Public note (optional)').fill('We are **planning** this for the next release.');
  await status.getByRole('button', { name: 'Save status' }).click();
  await expect(status.getByTestId('post-status-saved')).toHaveText('Status set to Planned.');
  await expect(page.getByTestId('status-history')).toContainText('planning');

  const tags = page.getByTestId('post-tags-control');
  await tags.getByLabel(tagName).check();
  await tags.getByTestId('post-tags-save').click();
  await expect(page.getByTestId('post-tags')).toContainText(tagName);

  const visitor = await browser.newContext({ baseURL });
  const view = await visitor.newPage();
  await view.goto(`/p/${post.number}`);
  await expect(view.getByTestId('moderator-panel')).toHaveCount(0);
  await expect(view.getByTestId('status-history').locator('strong')).toHaveText('planning');
  await expect(view.getByTestId('post-tags')).toContainText(tagName);
  await expect(view.getByText('Planned').first()).toBeVisible();

  // Complete closes voting; the vote button says why and is disabled.
  await status.getByLabel('Status').selectOption({ label: 'Complete (Done)' });
  await status.getByRole('button', { name: 'Save status' }).click();
  await expect(status.getByTestId('post-status-saved')).toHaveText('Status set to Complete.');
  await expect(page.getByTestId('vote-button')).toBeDisabled();
  await view.reload();
  await expect(view.getByTestId('vote-button')).toBeDisabled();
  await visitor.close();
  await admin.close();
});
