/**
 * The post page's two columns and property sidebar, in Chromium: where things sit at 1280 and
 * 360 px, focus after navigation, the bell, and the team editing every property in place
 * (status with a note, tags, owner, ETA, merge through the picker, a vote on someone's behalf),
 * with axe in both themes at both widths.
 */
import type { Page } from '@playwright/test';
import { axeViolations, axeViolationsInLooks } from './support/axe';
import { adminContext, apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost, memberContext } from './support/posts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const box = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('the post page', () => {
  test('two columns from 1024 px with the sidebar on the right; one column at 360 px that never scrolls sideways', async ({
    guardedPage: page,
    baseURL,
  }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'layout');
    const post = await createPost(admin, baseURL!, board.slug, `Layout ${unique()}`, 'A description with **some** words.');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/p/${post.number}`);
    const sidebar = await box(page, 'post-sidebar');
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const comments = (await page
      .getByRole('heading', { name: /comment/i })
      .first()
      .boundingBox())!;
    expect(sidebar.x).toBeGreaterThan(heading.x + heading.width - 1); // beside the content, not below it
    expect(sidebar.y).toBeLessThan(heading.y + heading.height); // starting at the top, level with the title
    expect(comments.y).toBeLessThan(sidebar.y + sidebar.height + 400); // the discussion is not pushed below the sidebar
    expect(comments.x).toBeLessThan(sidebar.x);
    expect((await box(page, 'vote-button')).width).toBeGreaterThanOrEqual(200);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    const narrow = await box(page, 'post-sidebar');
    const text = await box(page, 'post-body');
    expect(narrow.y).toBeGreaterThanOrEqual(text.y + text.height); // below the post's text
    expect(narrow.width).toBeGreaterThan(300);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  test('after navigating to a post, focus is on its heading and the vote control comes after it', async ({
    guardedPage: page,
    baseURL,
  }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'focus');
    const title = `Focus ${unique()}`;
    await createPost(admin, baseURL!, board.slug, title);
    await page.goto(`/b/${board.slug}`);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
    const order = await page.evaluate(() => {
      const h1 = document.querySelector('main h1')!;
      const vote = document.querySelector('main [data-testid="vote-button"]')!;
      return h1.compareDocumentPosition(vote) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    // Tab from the heading reaches the vote button without going backwards through the page.
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'vote-button');
    }
    expect(reached).toBe(true);
  });

  test('a member follows and unfollows a post with the bell; the choice is kept', async ({ guardedPage: page, baseURL, browser }) => {
    const admin = await adminContext(browser, baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'bell');
    const post = await createPost(admin.request, baseURL!, board.slug, `Bell ${unique()}`);
    const { context, creds } = await memberContext(browser, admin.request, baseURL!, 'Bell Member');
    await apiSignIn(page.context().request, baseURL!, creds);
    await context.close();
    await page.goto(`/p/${post.number}`);
    const bell = page.getByTestId('subscribe-button');
    await expect(bell).toHaveAttribute('aria-pressed', 'false');
    await bell.click();
    await expect(bell).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('subscribe-button')).toHaveAttribute('aria-pressed', 'true');
    const state = await page.context().request.get(`/api/v1/posts/${post.number}/subscription`);
    expect(await state.json()).toEqual({ subscribed: true });
    await page.getByTestId('subscribe-button').click();
    await expect(page.getByTestId('subscribe-button')).toHaveAttribute('aria-pressed', 'false');
    expect(await (await page.context().request.get(`/api/v1/posts/${post.number}/subscription`)).json()).toEqual({ subscribed: false });

    // Visitors get no bell, and no team editors.
    const visitor = await browser.newContext({ baseURL });
    const view = await visitor.newPage();
    await view.goto(`/p/${post.number}`);
    await expect(view.getByTestId('post-sidebar')).toBeVisible();
    await expect(view.getByTestId('subscribe')).toHaveCount(0);
    await expect(view.getByTestId('post-properties')).toHaveCount(0);
    await visitor.close();
    await admin.close();
  });

  test('the team edits status with a note, tags, owner and ETA in place; a visitor sees them', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'props');
    const post = await createPost(admin, baseURL!, board.slug, `Properties ${unique()}`);
    const tagName = `Tag ${unique()}`;
    expect((await admin.post('/api/v1/tags', { data: { name: tagName, color: '#0ea5e9' }, headers: { Origin: baseURL! } })).status()).toBe(
      201,
    );
    await page.goto(`/p/${post.number}`);

    await page.getByTestId('property-status').click();
    const statusEditor = page.getByTestId('status-editor');
    await expect(statusEditor).toContainText("Shown in the post's history and sent to its voters and subscribers.");
    await statusEditor.getByLabel('Planned', { exact: true }).check();
    await statusEditor.getByLabel('Public note (optional)').fill('We are **planning** this for the next release.');
    await statusEditor.getByRole('button', { name: 'Save status' }).click();
    await expect(statusEditor).toHaveCount(0);
    await expect(page.getByTestId('property-status')).toContainText('Planned');
    await expect(page.getByTestId('status-history')).toContainText('planning');
    await expect(page.getByTestId('property-status')).toBeFocused(); // back where the person was

    await page.getByTestId('property-tags').click();
    await page.getByLabel(tagName).check();
    await page.getByTestId('tags-save').click();
    await expect(page.getByTestId('property-tags')).toContainText(tagName);

    await page.getByTestId('property-owner').click();
    await page.getByRole('dialog', { name: 'Change owner' }).getByRole('radio').first().click(); // saves and closes
    await expect(page.getByTestId('property-owner')).not.toContainText('No owner');

    await page.getByTestId('property-eta').click();
    const eta = page.getByTestId('eta-editor');
    await eta.getByLabel('Year').selectOption('2027');
    await eta.getByLabel('Quarter or month').selectOption('Q3');
    await eta.getByTestId('eta-save').click();
    await expect(page.getByTestId('property-eta')).toContainText('Q3 2027');

    const visitor = await browser.newContext({ baseURL });
    const view = await visitor.newPage();
    await view.goto(`/p/${post.number}`);
    const props = view.getByTestId('post-properties-readonly');
    await expect(props).toContainText('Planned');
    await expect(view.getByTestId('post-tags')).toContainText(tagName);
    await expect(view.getByTestId('post-eta')).toContainText('Q3 2027');
    await expect(props).not.toContainText('Owner'); // the owner is the team's business
    await expect(view.getByTestId('status-history').locator('strong')).toHaveText('planning');

    // A done status closes voting: the button is disabled and the sidebar says why.
    await page.getByTestId('property-status').click();
    await page.getByTestId('status-editor').getByLabel('Complete', { exact: true }).check();
    await page.getByTestId('status-editor').getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByTestId('property-status')).toContainText('Complete');
    await expect(page.getByTestId('vote-button')).toBeDisabled();
    await view.reload();
    await expect(view.getByTestId('vote-button')).toBeDisabled();
    await expect(view.getByTestId('voting-closed')).toBeVisible();
    await visitor.close();
  });

  test('the team merges a duplicate through the title picker, seeing both posts first, and unmerges it', async ({
    guardedPage: page,
    baseURL,
  }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'merge');
    const word = `quokka${unique()}`;
    const target = await createPost(admin, baseURL!, board.slug, `Export to ${word} spreadsheets`);
    const duplicate = await createPost(admin, baseURL!, board.slug, `Spreadsheet ${word} export please`);
    await admin.put(`/api/v1/posts/${duplicate.number}/vote`, { headers: { Origin: baseURL! } });

    await page.goto(`/p/${duplicate.number}`);
    await page.getByTestId('merge-open').click();
    await expect(page.getByTestId('merge-search')).toBeFocused();
    await page.keyboard.type(word);
    const option = page.getByTestId('merge-option').filter({ hasText: `Export to ${word}` });
    await expect(option).toBeVisible();
    await expect(page.getByTestId('merge-option').filter({ hasText: `Spreadsheet ${word} export` })).toHaveCount(0); // never itself
    await option.click();
    const cards = page.getByTestId('merge-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(`#${duplicate.number}`);
    await expect(cards.nth(1)).toContainText(`#${target.number}`);
    expect(await axeViolations(page, 'merge picker on the post page')).toEqual([]);
    await page.getByTestId('merge-confirm').click();
    await expect(page.getByTestId('merged-banner')).toContainText(`#${target.number}`);
    await expect(page.getByTestId('vote-button')).toBeDisabled();
    expect(((await (await admin.get(`/api/v1/posts/${target.number}`)).json()) as { voteCount: number }).voteCount).toBe(1);

    await page.getByTestId('unmerge-control').getByRole('button', { name: 'Unmerge' }).click();
    await page.getByTestId('unmerge-dialog').getByRole('button', { name: 'Unmerge' }).click();
    await expect(page.getByTestId('merged-banner')).toHaveCount(0);
    await expect(page.getByTestId('merge-open')).toBeVisible();
    await expect(page.getByTestId('vote-button')).toBeEnabled();
  });

  test('the team adds a voter on their behalf from the sidebar; the whole list shows who cast it and downloads as CSV', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'behalf');
    const post = await createPost(admin, baseURL!, board.slug, `On behalf ${unique()}`);
    await page.goto(`/p/${post.number}`);
    await page.getByTestId('add-voter').click();
    const form = page.getByTestId('vote-on-behalf');
    await expect(form).toBeVisible();
    await form.getByLabel('Their email address').fill('not an email');
    await form.getByRole('button', { name: 'Add vote' }).click();
    await expect(form.locator('[aria-invalid=true]')).toHaveCount(1);
    await form.getByLabel('Their email address').fill(`customer-${unique()}@example.test`);
    await form.getByLabel('Their name (optional)').fill('Carla Customer');
    await form.getByRole('button', { name: 'Add vote' }).click();
    await expect(page.getByTestId('on-behalf-done')).toContainText('Vote recorded for Carla Customer (new account)');
    await expect(page.getByTestId('vote-count')).toHaveText('1');
    await expect(page.getByTestId('voter-avatars')).toContainText('Carla Customer');
    await expect(page.getByTestId('voter-avatars')).toContainText('vote cast by');

    // The whole list, with who cast each vote, and the CSV download.
    await page.getByTestId('voters-open').click();
    const dialog = page.getByTestId('voters-dialog');
    await expect(dialog.getByTestId('voter')).toHaveCount(1);
    await expect(dialog.getByTestId('voter-cast-by')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('voters-csv').click()]);
    expect(download.suggestedFilename()).toBe(`post-${post.number}-voters.csv`);
    const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(csv).toContain('voter_name,voter_email,voted_at,cast_by');
    expect(csv).toContain('Carla Customer');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('voters-open')).toBeFocused();

    // A visitor sees the voters, not who cast them, and no download.
    const visitor = await browser.newContext({ baseURL });
    const view = await visitor.newPage();
    await view.goto(`/p/${post.number}`);
    await view.getByTestId('voters-open').click();
    await expect(view.getByTestId('voters-dialog').getByTestId('voter')).toHaveCount(1);
    await expect(view.getByTestId('voters-dialog').getByTestId('voter-cast-by')).toHaveCount(0);
    await expect(view.getByTestId('voters-csv')).toHaveCount(0);
    expect(await axeViolations(view, 'the voters dialog')).toEqual([]);
    expect((await visitor.request.get(`/api/v1/posts/${post.number}/votes.csv`)).status()).toBe(401);
    await visitor.close();
  });

  test('members see no team editors and download nothing of them', async ({ guardedPage: page, baseURL, browser }) => {
    const admin = await adminContext(browser, baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'lean');
    const post = await createPost(admin.request, baseURL!, board.slug, `Lean ${unique()}`);
    const { context, creds } = await memberContext(browser, admin.request, baseURL!, 'Lean Member');
    await context.close();
    await admin.close();
    await apiSignIn(page.context().request, baseURL!, creds);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`/p/${post.number}`);
    await expect(page.getByTestId('post-properties-readonly')).toBeVisible();
    await expect(page.getByTestId('post-properties')).toHaveCount(0);
    await expect(page.getByTestId('add-voter')).toHaveCount(0);
    await expect(page.getByTestId('merge-open')).toHaveCount(0);
    // Not 'networkidle': in the project whose analytics host never answers, the network never
    // idles. The bell's state is read in the browser after hydration: once it shows, every
    // chunk the member's page asks for has been asked for.
    await expect(page.getByTestId('subscribe-button')).toBeEnabled();
    const before = scripts.length;
    // An admin's page loads one more chunk: the editors.
    const adminPage = await (await adminContext(browser, baseURL!)).newPage();
    const adminScripts: string[] = [];
    adminPage.on('request', (r) => {
      if (r.resourceType() === 'script') adminScripts.push(r.url());
    });
    await adminPage.goto(`/p/${post.number}`);
    await expect(adminPage.getByTestId('post-properties')).toBeVisible();
    const memberSet = new Set(scripts);
    const extra = adminScripts.filter((u) => !memberSet.has(u));
    expect(extra, `member: ${scripts.join(' ')}\nadmin: ${adminScripts.join(' ')}`).not.toEqual([]);
    expect(before).toBeGreaterThan(0);
    await adminPage.context().close();
  });

  test('no axe violations for the team and for a visitor, in either theme at 360 and 1280 px', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'axe');
    const post = await createPost(admin, baseURL!, board.slug, `Axe ${unique()}`, 'Some **text**.');
    await admin.put(`/api/v1/posts/${post.number}/vote`, { headers: { Origin: baseURL! } });
    const fits = (p: Page, label: string) => async () => ((await overflow(p)) > 0 ? [`${label} scrolls sideways`] : []);
    await page.goto(`/p/${post.number}`);
    await expect(page.getByTestId('post-properties')).toBeVisible();
    await expect(page.getByTestId('subscribe-button')).toHaveAttribute('aria-pressed', /true|false/);
    const problems = await axeViolationsInLooks(page, `/p/${post.number} team`, { height: 900, also: fits(page, 'team') });
    await page.getByTestId('property-status').click();
    await expect(page.getByTestId('status-editor')).toBeVisible();
    problems.push(...(await axeViolationsInLooks(page, `/p/${post.number} status popover`, { height: 900 })));

    const visitor = await browser.newContext({ baseURL });
    const view = await visitor.newPage();
    await view.goto(`/p/${post.number}`);
    await expect(view.getByTestId('post-sidebar')).toBeVisible();
    problems.push(...(await axeViolationsInLooks(view, `/p/${post.number} visitor`, { height: 900, also: fits(view, 'visitor') })));
    expect(problems).toEqual([]);
    await visitor.close();
  });
});
