/**
 * Every catalogue, for the server only: a page receives its one language's messages in its props
 * (withShell), so no catalogue is ever part of the browser's bundle; emails are written here.
 */
import type { Locale } from '@/core/i18n/locales';
import type { Messages, PageMessages } from '@/i18n/messages';
import ar from '@/i18n/messages/ar.json';
import de from '@/i18n/messages/de.json';
import en from '@/i18n/messages/en.json';
import es from '@/i18n/messages/es.json';
import fr from '@/i18n/messages/fr.json';
import ja from '@/i18n/messages/ja.json';
import ptBR from '@/i18n/messages/pt-BR.json';

// Each is checked against English's shape here too; the catalogue test also compares keys and ICU arguments.
const CATALOGUES: Record<Locale, Messages> = { en, de, fr, es, 'pt-BR': ptBR, ja, ar };

export const catalogueOf = (locale: Locale): Messages => CATALOGUES[locale];

/** What a page needs of a catalogue: all but the emails. */
export function pageMessagesOf(locale: Locale): PageMessages {
  const { emails: _emails, ...rest } = CATALOGUES[locale];
  return rest;
}
