import { axeViolations } from './support/axe';
import { apiSignIn } from './support/accounts';
import { createBoard } from './support/posts';
import { expect, test } from './support/fixtures';
import { E2E_ADMIN } from '../playwright.config';

/**
 * The team's administration screens (settings, members, webhooks, audit log) in German, Japanese
 * and Arabic, signed in as the admin: their words come from the `teamAdmin` catalogue, and what
 * people typed (the workspace's name, an email address) stays as it was written.
 */
const WORDS = {
  'de-DE': {
    lang: 'de',
    settings: 'Workspace-Einstellungen',
    save: 'Einstellungen speichern',
    sso: 'Single Sign-on',
    members: 'Mitglieder',
    invite: 'Einladung erstellen',
    webhooks: 'Webhooks',
    addEndpoint: 'Endpunkt hinzufügen',
    audit: 'Audit-Protokoll',
    // The audit log's sentence for a new board, the board's name (content) as typed.
    boardCreated: 'hat das Board „NAME“ erstellt.',
  },
  'ja-JP': {
    lang: 'ja',
    settings: 'ワークスペース設定',
    save: '設定を保存',
    sso: 'シングルサインオン',
    members: 'メンバー',
    invite: '招待を作成',
    webhooks: 'Webhook',
    addEndpoint: 'エンドポイントを追加',
    audit: '監査ログ',
    boardCreated: 'がボード「NAME」を作成しました。',
  },
  ar: {
    lang: 'ar',
    settings: 'إعدادات مساحة العمل',
    save: 'حفظ الإعدادات',
    sso: 'تسجيل الدخول الموحّد',
    members: 'الأعضاء',
    invite: 'إنشاء الدعوة',
    webhooks: 'خطافات الويب',
    addEndpoint: 'إضافة نقطة نهاية',
    audit: 'سجل التدقيق',
    boardCreated: 'بإنشاء اللوحة «NAME».',
  },
} as const;

for (const [browserLocale, words] of Object.entries(WORDS)) {
  test.describe(`the admin screens for a browser asking for ${browserLocale}`, () => {
    test.use({ locale: browserLocale });

    test(`settings, members, webhooks and the audit log are in ${words.lang}`, async ({ guardedPage: page, baseURL }) => {
      await apiSignIn(page.context().request, baseURL!);

      await page.goto('/admin/settings');
      await expect(page.locator('html')).toHaveAttribute('lang', words.lang);
      await expect(page.getByRole('heading', { level: 1, name: words.settings })).toBeVisible();
      await expect(page.getByRole('button', { name: words.save })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: words.sso })).toBeVisible();
      // The workspace's name is content: shown as typed, whatever the language.
      await expect(page.getByTestId('settings-form').getByRole('textbox').first()).toHaveValue(E2E_ADMIN.workspaceName);
      await expect(page.getByText('Save settings')).toHaveCount(0);

      // Searched (?q=), since the shared server holds many people and the list is paged.
      await page.goto(`/admin/members?q=${encodeURIComponent(E2E_ADMIN.email)}`);
      await expect(page.getByRole('heading', { level: 1, name: words.members })).toBeVisible();
      await expect(page.getByRole('button', { name: words.invite })).toBeVisible();
      await expect(page.getByTestId('member-row').filter({ hasText: E2E_ADMIN.email })).toHaveCount(1);

      await page.goto('/admin/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: words.webhooks })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: words.addEndpoint })).toBeVisible();

      // The audit log's sentences are written in the reader's language too, with names as typed.
      const board = await createBoard(page.context().request, baseURL!, 'audit-i18n');
      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: words.audit })).toBeVisible();
      await expect(page.getByText('Audit log', { exact: true })).toHaveCount(0);
      const sentence = page.getByTestId('audit-sentence').filter({ hasText: board.name });
      await expect(sentence).toContainText(words.boardCreated.replace('NAME', board.name));
      await expect(sentence.getByRole('link', { name: board.name })).toBeVisible();
      await expect(sentence).not.toContainText('created the board');
    });
  });
}

test.describe('the admin screens in Arabic', () => {
  test.use({ locale: 'ar' });

  test('read right to left; at 360 px nothing scrolls sideways, and axe finds nothing (light and dark)', async ({
    guardedPage: page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await apiSignIn(page.context().request, baseURL!);
    await page.setViewportSize({ width: 360, height: 800 });
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of ['/admin/settings', '/admin/members', '/admin/webhooks', '/admin/audit']) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        problems.push(...(await axeViolations(page, `${path} (${scheme})`)));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${path} (${scheme}): scrolls sideways by ${overflow} px`);
      }
    }
    expect(problems).toEqual([]);
  });
});
