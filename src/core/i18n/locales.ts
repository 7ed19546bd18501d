/**
 * The languages Chorus speaks, defined once: the zod enums, the database's checks, the picker
 * and the catalogues (src/i18n/messages/<locale>.json) all follow this list. Browser-safe.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** The source language: every key exists in its catalogue first. */
export const SOURCE_LOCALE: Locale = 'en';

/** Languages written right to left. */
const RTL: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (RTL.has(locale) ? 'rtl' : 'ltr');

/**
 * Each language in its own name (an autonym), as a language picker lists them: a reader finds
 * their language whatever the page is in. These are names, not translations.
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
};

/** The cookie that holds a visitor's own choice from the language picker (signed-in people's choice is users.locale). */
export const LOCALE_COOKIE = 'chorus_locale';
