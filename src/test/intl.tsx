import type { ReactNode } from 'react';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import type { Locale } from '@/core/i18n/locales';
import { pageMessagesOf } from '@/server/i18n/catalogues';

/** `node` inside the provider a page has: a visitor's messages in `locale`, dates in UTC. */
export function withIntl(node: ReactNode, locale: Locale = 'en') {
  return (
    <IntlProvider locale={locale} messages={pageMessagesOf(locale, { team: false }) as unknown as AbstractIntlMessages} timeZone="UTC">
      {node}
    </IntlProvider>
  );
}
