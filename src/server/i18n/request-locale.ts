import type { IncomingMessage } from 'node:http';
import { parseCookie } from 'cookie';
import { LOCALE_COOKIE, isLocale, type Locale } from '@/core/i18n/locales';
import { chooseLocale, negotiateLocale } from '@/core/i18n/negotiate';
import type { Actor } from '@/server/identity/actor';

/** The language this browser picked in the language picker (the `chorus_locale` cookie), if any. */
export function pickedLocaleOf(req: IncomingMessage): Locale | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const value = parseCookie(header)[LOCALE_COOKIE];
  return isLocale(value) ? value : null;
}

const acceptLanguageOf = (req: IncomingMessage): string | undefined => {
  const value = req.headers['accept-language'];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * What a visitor's page depends on for its language, besides the workspace default: their
 * picked language, else what their browser asks for; `-` when neither names one of ours (the
 * workspace default applies). The visitors' page cache keys copies by it, so a German copy is
 * never served to a French reader. A change of the workspace default is a write through
 * `route()`, which empties the caches.
 */
export function visitorLanguageKey(req: IncomingMessage): string {
  return pickedLocaleOf(req) ?? negotiateLocale(acceptLanguageOf(req)) ?? '-';
}

/**
 * The language of this request's page: the signed-in person's setting (users.locale), else the
 * language this browser picked, else Accept-Language, else the workspace default.
 */
export function requestLocale(req: IncomingMessage, actor: Actor, workspaceDefault: Locale): Locale {
  const own = (actor.kind === 'user' ? actor.locale : null) ?? pickedLocaleOf(req);
  return chooseLocale({ own, acceptLanguage: acceptLanguageOf(req), workspaceDefault });
}
