/**
 * Every catalogue, for the server only: a page receives its one language's messages in its props
 * (withShell), so no catalogue is ever part of the browser's bundle; emails are written here.
 */
import format from 'icu-minify/format';
import type { Locale } from '@/core/i18n/locales';
import { compileCatalogue, type CompiledCatalogue } from '@/i18n/compile';
import {
  ANALYTICS_NAMESPACES,
  MEMBER_NAMESPACES,
  OPT_IN_NAMESPACES,
  SERVER_NAMESPACES,
  TEAM_NAMESPACES,
  type Messages,
  type Namespace,
  type OptInNamespace,
} from '@/i18n/messages';
import ar from '@/i18n/messages/ar';
import de from '@/i18n/messages/de';
import en from '@/i18n/messages/en';
import es from '@/i18n/messages/es';
import fr from '@/i18n/messages/fr';
import ja from '@/i18n/messages/ja';
import ptBR from '@/i18n/messages/pt-BR';
// Each is checked against English's shape here too; the catalogue test also compares keys and ICU arguments.
const CATALOGUES: Record<Locale, Messages> = { en, de, fr, es, 'pt-BR': ptBR, ja, ar };

export const catalogueOf = (locale: Locale): Messages => CATALOGUES[locale];

// Compiled once per language, namespace and process: the catalogues are part of the code, so every instance compiles the same.
const compiled = new Map<string, CompiledCatalogue>();

function compiledOf(locale: Locale, namespace: Namespace): CompiledCatalogue {
  const key = `${locale}:${namespace}`;
  let entry = compiled.get(key);
  if (!entry) {
    entry = compileCatalogue(CATALOGUES[locale][namespace]);
    compiled.set(key, entry);
  }
  return entry;
}

const NOT_EVERY_PAGE = new Set<Namespace>([
  ...SERVER_NAMESPACES,
  ...TEAM_NAMESPACES,
  ...MEMBER_NAMESPACES,
  ...ANALYTICS_NAMESPACES,
  ...OPT_IN_NAMESPACES,
]);
const EVERY_PAGE = (Object.keys(en) as Namespace[]).filter((n) => !NOT_EVERY_PAGE.has(n));

export interface PageMessagesFor {
  /** A moderator or an admin: their pages also carry the team's screens. */
  team: boolean;
  /** Signed in: their pages also carry what the header shows them (the notification bell). */
  member?: boolean;
  /** Analytics is configured: every page may show the consent banner. */
  analytics?: boolean;
  /** Namespaces only some pages carry (the widget's panel, the sign-in pages, /privacy, /unsubscribe). */
  optIn?: readonly OptInNamespace[];
}

// The combinations pageMessagesOf has put together, by language and audience.
const assembled = new Map<string, CompiledCatalogue>();

/**
 * What a page needs of a catalogue, compiled: every namespace but the emails and the audit log,
 * the team's screens for the team only, the bell's for signed-in people, the consent banner's
 * where analytics is on, and the opt-in ones a page asks for.
 */
export function pageMessagesOf(
  locale: Locale,
  { team, member = false, analytics = false, optIn = [] }: PageMessagesFor,
): CompiledCatalogue {
  // Every page render asks: the few combinations are put together once per process.
  const key = `${locale}|${team ? 'team' : ''}|${member ? 'member' : ''}|${analytics ? 'analytics' : ''}|${optIn.join(',')}`;
  let messages = assembled.get(key);
  if (!messages) {
    const names = new Set<Namespace>([
      ...EVERY_PAGE,
      ...(team ? TEAM_NAMESPACES : []),
      ...(member ? MEMBER_NAMESPACES : []),
      ...(analytics ? ANALYTICS_NAMESPACES : []),
      ...optIn,
    ]);
    messages = Object.fromEntries([...names].map((n) => [n, compiledOf(locale, n)])) as CompiledCatalogue;
    assembled.set(key, messages);
  }
  return messages;
}

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

/** A message of a compiled namespace by its dotted name (own keys only: never `constructor`), or undefined. */
const messageAt = (messages: CompiledCatalogue, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined),
      messages,
    );

/** Formats a compiled message as text, the same in every process. */
const formatText = (message: unknown, locale: Locale, values?: Record<string, string | number>): string =>
  String(format(message as Parameters<typeof format>[0], locale, values, { formatters: FORMATTERS, timeZone: 'UTC' }));

/**
 * The `emails` messages of one language, as text. Formatted with icu-minify directly (not
 * use-intl's translator), so an email reads the same whichever process writes it.
 * User content (a workspace name, an address) is an argument, never part of a template.
 */
export function emailTranslator(locale: Locale) {
  const messages = compiledOf(locale, 'emails');
  return (key: EmailKey, values?: Record<string, string | number>): string => formatText(messageAt(messages, key), locale, values);
}

/** A namespace of one language as text, by dotted message names. */
function wordsOf(locale: Locale, namespace: Namespace) {
  const messages = compiledOf(locale, namespace);
  return (key: string, values?: Record<string, string | number>): string => formatText(messageAt(messages, key), locale, values);
}

/**
 * A page namespace's message of one language as text, as the browser's first render formats it:
 * the texts of a shared render's personal payload (src/lib/personal.ts).
 */
export const pageWords = (locale: Locale, namespace: Exclude<Namespace, (typeof SERVER_NAMESPACES)[number]>) => wordsOf(locale, namespace);

/**
 * A server-only namespace of one language as text, by dotted message names: the audit log's
 * sentences (`audit`, src/features/audit/sentences.ts, whose AuditWords this is), written on the
 * server in the page reader's language. The API answers them in English.
 */
export function serverWords(locale: Locale, namespace: Exclude<(typeof SERVER_NAMESPACES)[number], 'emails'>) {
  const messages = compiledOf(locale, namespace);
  return { locale, t: wordsOf(locale, namespace), has: (key: string): boolean => messageAt(messages, key) !== undefined };
}
