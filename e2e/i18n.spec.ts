import type { Page } from '@playwright/test';
import { axeViolationsInLooks, sidewaysScroll } from './support/axe';
import { adminContext, apiSignIn, createMember } from './support/accounts';
import { createBoard, createPost } from './support/posts';
import { expect, test } from './support/fixtures';

/** What the sign-in page says in each language (src/i18n/messages/<locale>.json). */
const SIGN_IN = {
  'de-DE': { lang: 'de', heading: 'Anmelden', email: 'E-Mail', skip: 'Zum Inhalt springen', nav: ['Boards', 'Roadmap', 'Neuigkeiten'] },
  'ja-JP': {
    lang: 'ja',
    heading: 'ログイン',
    email: 'メールアドレス',
    skip: '本文へスキップ',
    nav: ['ボード', 'ロードマップ', '更新情報'],
  },
  'ar-EG': {
    lang: 'ar',
    heading: 'تسجيل الدخول',
    email: 'البريد الإلكتروني',
    skip: 'انتقل إلى المحتوى',
    nav: ['اللوحات', 'خارطة الطريق', 'سجل التغييرات'],
  },
} as const;

const box = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;

for (const [browserLocale, words] of Object.entries(SIGN_IN)) {
  test.describe(`the sign-in page for a browser asking for ${browserLocale}`, () => {
    test.use({ locale: browserLocale });

    test(`is in ${words.lang}, with its html lang and direction`, async ({ guardedPage: page }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', words.lang);
      await expect(page.locator('html')).toHaveAttribute('dir', words.lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
      await expect(page.getByLabel(words.email, { exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: /./ }).first().getByRole('link')).toHaveText([...words.nav]);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: words.skip })).toBeFocused();
      // The language picker shows the page's language, in its own name.
      await expect(page.getByTestId('language-picker')).toHaveValue(words.lang);
      // The workspace's name (content, not a message) is shown as it is, inside the translated credit.
      await expect(page.getByTestId('footer-credit')).toContainText('Acme Feedback');
      // A validation error comes from the catalogue too.
      await page.getByTestId('sign-in-submit').click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      await expect(page.getByText('Enter a valid email address')).toHaveCount(0);
    });
  });
}

test('the server renders the page in the language, arguments filled in (not only the browser)', async ({ request }) => {
  const res = await request.get('/login', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
  expect(res.headers()['content-language']).toBe('de');
  const html = await res.text();
  expect(html).toContain('<html lang="de" dir="ltr"');
  expect(html).toContain('Zum Inhalt springen');
  // A message with an argument (the workspace's name, isolated from the sentence's direction), formatted by the server's render.
  expect(html).toMatch(/Feedback zu <bdi>Acme Feedback<\/bdi>( · betrieben mit Chorus)?/);
  expect(html).not.toMatch(/shell\.credit/);
});

test.describe('only the active language is loaded', () => {
  test.use({ locale: 'de' });

  test('the page carries its own catalogue in its data, and no script carries any catalogue or the ICU parser', async ({
    guardedPage: page,
  }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''));
    });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const data = await page.locator('#__NEXT_DATA__').textContent();
    expect(data).toContain('Zum Inhalt springen');
    // Other languages' words are nowhere: not in the page data, not in any script.
    const others = ['Aller au contenu', 'Saltar al contenido', 'Pular para o conteúdo', '本文へスキップ', 'انتقل إلى المحتوى'];
    for (const words of others) expect(data).not.toContain(words);
    // Emails are written on the server: their words never reach the browser.
    expect(data).not.toContain('Neues Passwort wählen');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    for (const words of [...others, 'Zum Inhalt springen', 'Skip to content'])
      expect(bodies.filter((b) => b.includes(words)).length, `a script carries "${words}"`).toBe(0);
    // Messages arrive compiled: neither the ICU parser nor intl-messageformat is loaded (docs/i18n.md).
    for (const code of ['EXPECT_ARGUMENT_CLOSING_BRACE', 'IntlMessageFormat'])
      expect(bodies.filter((b) => b.includes(code)).length, `a script carries "${code}"`).toBe(0);
  });
});

test.describe('right to left (Arabic)', () => {
  test.use({ locale: 'ar' });

  test('mirrors the layout: the start is on the right', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    const viewport = page.viewportSize()!;
    // The workspace name starts the header (right), the account slot ends it (left).
    const name = await box(page, 'workspace-name');
    const signIn = await box(page, 'sign-in-link');
    expect(name.x).toBeGreaterThan(viewport.width / 2);
    expect(signIn.x + signIn.width).toBeLessThan(viewport.width / 2);
    // A label's text starts at the right edge of its field.
    const { textLeft, textRight, fieldLeft, fieldRight } = await page.evaluate(() => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent === 'البريد الإلكتروني')!;
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const field = document.getElementById(label.htmlFor)!.getBoundingClientRect();
      return { textLeft: text.left, textRight: text.right, fieldLeft: field.left, fieldRight: field.right };
    });
    expect(Math.abs(fieldRight - textRight)).toBeLessThan(2);
    expect(textLeft).toBeGreaterThan(fieldLeft + (fieldRight - fieldLeft) / 2);
  });

  // Visitor pages (converted and not yet converted: the shell around them is Arabic and mirrored),
  // and, signed in as the admin, the settings pages.
  let visitorPaths: string[] = ['/login', '/signup', '/forgot-password', '/'];
  const adminPaths = ['/settings', '/admin/settings'];
  test.beforeAll(async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'rtl');
    const post = await createPost(admin.request, baseURL!, board.slug, 'A post read right to left', 'Some **text**.');
    await admin.close();
    visitorPaths = [...visitorPaths, `/b/${board.slug}`, `/p/${post.number}`];
  });

  test('axe finds no violations in either theme at 360 and 1280 px, and nothing scrolls sideways', async ({
    guardedPage: page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const problems: string[] = [];
    const check = async (path: string) => {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      problems.push(...(await axeViolationsInLooks(page, path, { also: () => sidewaysScroll(page, path) })));
    };
    for (const path of visitorPaths) await check(path);
    await apiSignIn(page.context().request, baseURL!);
    for (const path of adminPaths) await check(path);
    expect(problems).toEqual([]);
  });
});

test.describe('choosing a language', () => {
  test('a member’s own setting wins over what their browser asks for', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const signUp = await browser.newContext({ baseURL });
    const creds = await createMember(admin.request, signUp.request, baseURL!, 'Yuki');
    await admin.close();
    await signUp.close();

    const context = await browser.newContext({ baseURL, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await page.getByLabel('E-Mail', { exact: true }).fill(creds.email);
    await page.getByLabel('Passwort', { exact: true }).fill(creds.password);
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('account-menu')).toHaveAccessibleName('Kontomenü von Yuki');

    // Japanese, chosen in the settings: it holds although the browser still asks for German.
    await page.goto('/settings');
    await page.getByTestId('language-setting').selectOption('ja');
    await page.getByTestId('language-form').getByRole('button').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByTestId('account-menu')).toHaveAccessibleName('Yuki のアカウントメニュー');
    await expect(page.getByRole('link', { name: 'ボード' })).toBeVisible();

    // Back to automatic: the browser's German again.
    await page.goto('/settings');
    await page.getByTestId('language-setting').selectOption('auto');
    await page.getByTestId('language-form').getByRole('button').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('a visitor picks a language in the footer; other visitors keep theirs (no shared copy)', async ({ browser, baseURL }) => {
    const picker = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await picker.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Choosing is not applying (the arrow keys walk a closed select's options): the button applies it.
    // Before the page has hydrated, React puts the select back to the page's language and the button does
    // nothing: the choice and the button again until the page answers.
    await expect(async () => {
      if ((await page.locator('html').getAttribute('lang')) !== 'fr') {
        await page.getByTestId('language-picker').selectOption('fr');
        await expect(page.getByTestId('language-picker')).toHaveValue('fr');
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await page.getByTestId('language-apply').click();
      }
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr', { timeout: 2000 });
    }).toPass();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    // Another English-speaking visitor of the same page right after gets English, not the French copy.
    const other = await browser.newContext({ baseURL, locale: 'en-US' });
    const second = await other.newPage();
    await second.goto('/');
    await expect(second.locator('html')).toHaveAttribute('lang', 'en');
    await expect(second.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // And a Spanish one gets Spanish.
    const spanish = await browser.newContext({ baseURL, locale: 'es-ES' });
    const third = await spanish.newPage();
    await third.goto('/');
    await expect(third.locator('html')).toHaveAttribute('lang', 'es');
    await Promise.all([picker.close(), other.close(), spanish.close()]);
  });
});
