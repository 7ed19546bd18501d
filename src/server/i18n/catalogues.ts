/**
 * Every catalogue, for the server only: a page receives its one language's messages in its props
 * (withShell), so no catalogue is ever part of the browser's bundle; emails are written here.
 */
import format from 'icu-minify/format';
import type { Locale } from '@/core/i18n/locales';
import { compileCatalogue, type CompiledCatalogue } from '@/i18n/compile';
import type { Messages } from '@/i18n/messages';
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

// Compiled once per language and process: the catalogues are part of the code, so every instance compiles the same.
const compiled = new Map<Locale, { page: CompiledCatalogue; emails: CompiledCatalogue }>();

function compiledOf(locale: Locale) {
  let entry = compiled.get(locale);
  if (!entry) {
    const { emails, ...page } = CATALOGUES[locale];
    entry = { page: compileCatalogue(page), emails: compileCatalogue(emails) };
    compiled.set(locale, entry);
  }
  return entry;
}

/** What a page needs of a catalogue, compiled: all but the emails. */
export const pageMessagesOf = (locale: Locale): CompiledCatalogue => compiledOf(locale).page;

type EmailKey = {
  [G in keyof Messages['emails']]: Messages['emails'][G] extends string
    ? G & string
    : `${G & string}.${keyof Messages['emails'][G] & string}`;
}[keyof Messages['emails']];

const FORMATTERS = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

/**
 * The `emails` messages of one language, as text. Formatted with icu-minify directly (not
 * use-intl's translator), so an email reads the same whichever process writes it.
 * User content (a workspace name, an address) is an argument, never part of a template.
 */
export function emailTranslator(locale: Locale) {
  const messages = compiledOf(locale).emails;
  return (key: EmailKey, values?: Record<string, string | number>): string => {
    const message = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
    return String(format(message as Parameters<typeof format>[0], locale, values, { formatters: FORMATTERS, timeZone: 'UTC' }));
  };
}
