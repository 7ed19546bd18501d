import type { ReactNode } from 'react';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import type { Locale } from '@/core/i18n/locales';
import { pageMessagesOf } from '@/server/i18n/catalogues';

/**
 * `node` inside the provider a page has: a visitor's messages in `locale` (with the namespaces
 * the pages a test renders ask for: the sign-in pages', /privacy's, /unsubscribe's), dates in UTC.
 */
export function withIntl(node: ReactNode, locale: Locale = 'en') {
  const messages = pageMessagesOf(locale, { team: false, optIn: ['auth', 'analytics', 'notifications'] });
  return (
    <IntlProvider locale={locale} messages={messages as unknown as AbstractIntlMessages} timeZone="UTC">
      {node}
    </IntlProvider>
  );
}
