/**
 * The outbox list as the server draws it, in English and in German: delivery states, the entry's
 * labels and the list's name come from the catalogue; the email's own words (subject, address,
 * error) are shown as they are. Opening an entry and paging need a browser (e2e/accounts-outbox.spec.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/i18n/locales';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { DELIVERY_STATES, type OutboxItem } from '../schema';
import { OutboxList } from './OutboxList';

const item = (id: number, status: OutboxItem['status']): OutboxItem => ({
  id,
  to: 'ana@example.com',
  subject: 'Confirm your “Acme” account',
  kind: 'verify',
  status,
  attempts: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:05:00.000Z',
  lastError: 'Connection refused',
  text: 'Hello',
  html: '<p>Hello</p>',
});

const render = (locale: Locale) =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={pageMessagesOf(locale, { team: true }) as unknown as AbstractIntlMessages} timeZone="UTC">
      <OutboxList initial={{ items: DELIVERY_STATES.map((s, i) => item(i + 1, s)), nextCursor: 5, smtpConfigured: false }} />
    </IntlProvider>,
  );

describe('OutboxList', () => {
  it('reads as before in English', () => {
    const html = render('en');
    expect(html).toContain('aria-label="Emails, newest first"');
    expect(html).toContain('To ana@example.com · <time dateTime="2026-11-20T10:00:00.000Z">2026-11-20 10:00 UTC</time>');
    for (const label of ['>Sent<', '>Queued<', '>Failed, will retry<', '>Failed<', '>Not sent: SMTP not configured<'])
      expect(html).toContain(label);
    expect(html).toContain('>Last error<');
    expect(html).toContain('>Older emails<');
  });

  it('speaks German, and leaves the email’s own words as they are', () => {
    const html = render('de');
    expect(html).toContain('aria-label="E-Mails, die neueste zuerst"');
    expect(html).toContain('An ana@example.com · <time');
    expect(html).toContain('>Fehlgeschlagen, neuer Versuch folgt<');
    expect(html).toContain('>Nicht gesendet: SMTP nicht eingerichtet<');
    expect(html).toContain('>Letzter Fehler<');
    expect(html).toContain('>Ältere E-Mails<');
    expect(html).toContain('Confirm your “Acme” account');
    expect(html).toContain('Connection refused');
    expect(html).not.toContain('Older emails');
  });
});
