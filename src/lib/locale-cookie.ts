import { LOCALE_COOKIE, type Locale } from '@/core/i18n/locales';

const YEAR_SECONDS = 365 * 24 * 3600;
const attributes = () => `; path=/; samesite=lax${window.location.protocol === 'https:' ? '; secure' : ''}`;

/**
 * Remembers a language picked in this browser (read by the server: src/server/i18n/request-locale.ts),
 * so it holds for visitors and after signing out. It is a preference, not a credential.
 */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${YEAR_SECONDS}${attributes()}`;
}

/** Forgets it: the browser's own languages (Accept-Language) decide again. */
export function forgetLocale(): void {
  document.cookie = `${LOCALE_COOKIE}=; max-age=0${attributes()}`;
}
