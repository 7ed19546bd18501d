/**
 * /setup as the server draws it, in English (unchanged words) and in another language, and the
 * issue codes its inline errors are chosen by (zod's, kept by react-hook-form as the error type).
 * Submitting and the server's answers need a browser (e2e/accounts-setup.spec.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/i18n/locales';
import type { ShellProps } from '@/core/shell';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { setupForm } from '../client/form-schemas';
import SetupPage from './SetupPage';

const shell = { workspace: { name: 'Chorus' } } as unknown as ShellProps['shell'];
const draw = (locale: Locale) =>
  renderToStaticMarkup(
    <IntlProvider
      locale={locale}
      messages={pageMessagesOf(locale, { team: false, optIn: ['auth'] }) as unknown as AbstractIntlMessages}
      timeZone="UTC"
    >
      <SetupPage shell={shell} />
    </IntlProvider>,
  );

describe('SetupPage', () => {
  it('keeps its English words', () => {
    const html = draw('en');
    for (const text of [
      'Set up Chorus',
      'Name your feedback workspace and create the first admin account. This page is shown only once.',
      '>Workspace</legend>',
      'Workspace name',
      'Usually your product or company name. You can change it later.',
      '>Your admin account</legend>',
      'Your name',
      'At least 10 characters.',
      'Repeat the password',
      'Fill with demo data',
      'Adds three boards with about 300 example posts, votes and comments from 40 made-up members, so you can try everything at once. ' +
        'It is added in the background after setup.',
      'Finish setup',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('aria-label="Set up Chorus"');
  });

  it('speaks the page’s language', () => {
    const de = draw('de');
    expect(de).toContain('Chorus einrichten');
    expect(de).toContain('Name des Arbeitsbereichs');
    expect(de).toContain('Einrichtung abschließen');
    expect(de).not.toContain('Finish setup');
    expect(draw('ar')).toContain('إنهاء الإعداد');
  });

  it('gets the issue codes its inline errors are worded by', () => {
    const base = {
      workspaceName: 'Acme',
      displayName: 'Ada',
      email: 'ada@example.test',
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
    };
    const codeOf = (values: Partial<typeof base>, field: string) =>
      setupForm.safeParse({ ...base, ...values }).error?.issues.find((i) => i.path[0] === field)?.code;
    expect(codeOf({ workspaceName: ' a ' }, 'workspaceName')).toBe('too_small');
    expect(codeOf({ workspaceName: 'x'.repeat(51) }, 'workspaceName')).toBe('too_big');
    expect(codeOf({ confirmPassword: 'something else' }, 'confirmPassword')).toBe('custom');
    expect(codeOf({ confirmPassword: '' }, 'confirmPassword')).toBe('too_small');
  });
});
