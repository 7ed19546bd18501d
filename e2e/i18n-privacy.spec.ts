import { expect, test } from './support/fixtures';

/**
 * /privacy in other languages says whether analytics is on, in the reader's language: off on the
 * plain server, on (with its host) on the analytics server, which has analytics configured. It
 * runs in both projects (playwright.config.ts).
 */
const PRIVACY = {
  'de-DE': {
    lang: 'de',
    heading: 'Datenschutz',
    off: 'Nutzungsanalysen sind auf dieser Website aus',
    on: 'Diese Website kann Nutzungsdaten an einen PostHog-kompatiblen Dienst unter',
    section: 'Deine Wahl',
  },
  'ja-JP': {
    lang: 'ja',
    heading: 'プライバシー',
    off: 'このサイトでは利用状況の分析はオフです',
    on: 'このサイトは、運営チームが選んだ PostHog 互換サービス',
    section: 'あなたの選択',
  },
  ar: {
    lang: 'ar',
    heading: 'الخصوصية',
    off: 'تحليلات الاستخدام متوقفة على هذا الموقع',
    on: 'يمكن لهذا الموقع إرسال تحليلات الاستخدام إلى خدمة متوافقة مع PostHog على',
    section: 'اختيارك',
  },
} as const;

/** The projects whose server has analytics configured (playwright.config.ts). */
const ANALYTICS_ON = new Set(['analytics']);

for (const [locale, words] of Object.entries(PRIVACY)) {
  test.describe(`/privacy for a browser asking for ${locale}`, () => {
    test.use({ locale });

    test(`is in ${words.lang}, the workspace's name as it is`, async ({ guardedPage: page }, testInfo) => {
      await page.goto('/privacy');
      await expect(page.locator('html')).toHaveAttribute('lang', words.lang);
      await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
      if (ANALYTICS_ON.has(testInfo.project.name)) {
        await expect(page.getByTestId('analytics-on')).toContainText(words.on);
        await expect(page.getByTestId('analytics-off')).toHaveCount(0);
      } else {
        await expect(page.getByTestId('analytics-off')).toContainText(words.off);
        await expect(page.getByTestId('analytics-on')).toHaveCount(0);
      }
      await expect(page.getByRole('heading', { level: 2, name: words.section })).toBeVisible();
      // The workspace's name (content) is an argument of the translated introduction.
      await expect(page.locator('main')).toContainText('Acme Feedback');
      await expect(page.getByText('What Acme Feedback collects about your visit')).toHaveCount(0);
    });
  });
}
