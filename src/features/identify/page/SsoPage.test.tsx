/**
 * The /sso error page as the server draws it: each refusal's words in the page's language, the
 * English ones the same as the API's (../schema.ts), and the workspace's name shown as typed.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/i18n/locales';
import type { ShellProps } from '@/core/shell';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { IDENTIFY_FAILURES, IDENTIFY_FAILURE_MESSAGES, type IdentifyFailure } from '../schema';
import SsoPage from './SsoPage';

const inLocale = (node: ReactNode, locale: Locale) =>
  renderToStaticMarkup(
    <IntlProvider
      locale={locale}
      messages={pageMessagesOf(locale, { team: false, optIn: ['auth'] }) as unknown as AbstractIntlMessages}
      timeZone="UTC"
    >
      {node}
    </IntlProvider>,
  );

const shell = { workspace: { name: 'Acme <Feedback>' } } as unknown as ShellProps['shell'];
const draw = (reason: IdentifyFailure, locale: Locale = 'en') => inLocale(<SsoPage shell={shell} reason={reason} />, locale);
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('SsoPage', () => {
  it.each(IDENTIFY_FAILURES)('%s: says in English exactly what the API says', (reason) => {
    const html = draw(reason);
    expect(html).toContain(`data-reason="${reason}">${escaped(IDENTIFY_FAILURE_MESSAGES[reason])}</p>`);
    expect(html).toContain('We could not sign you in');
  });

  it('links home by the workspace’s name, as text, and to the other ways to sign in', () => {
    const html = draw('expired');
    expect(html).toMatch(
      /<a [^>]*href="\/"[^>]*>Go to Acme &lt;Feedback&gt;<\/a> or <a [^>]*href="\/login"[^>]*>sign in another way<\/a>\./,
    );
    expect(html).not.toContain('tell the team of that product');
    expect(draw('bad_signature')).toContain('If this keeps happening, tell the team of that product');
  });

  it('speaks the page’s language', () => {
    const de = draw('replayed', 'de');
    expect(de).toContain('Wir konnten dich nicht anmelden');
    expect(de).toContain('Dieser Anmeldelink wurde bereits verwendet.');
    expect(de).toContain('Zu Acme &lt;Feedback&gt;</a>');
    expect(draw('expired', 'ja')).toContain('ログインリンクの有効期限が切れています。');
    expect(draw('banned', 'ar')).toContain('هذا الحساب محظور من اللوحة.');
  });
});
