import type { Locale } from '@/core/i18n/locales';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Dates in UTC: the server's render and the browser's hydration must print the same text
 * whatever their own time zone. English keeps fixed month names (CLDR has changed English's
 * short months between versions, e.g. "Sep"/"Sept", and Node's and Chromium's data differ);
 * other languages use Intl with the page's locale (src/i18n: useFormatter is the same).
 */
export function formatDate(iso: string, locale: Locale = 'en'): string {
  const d = new Date(iso);
  if (locale === 'en') return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export function formatDateTime(iso: string, locale: Locale = 'en'): string {
  const d = new Date(iso);
  if (locale === 'en') return `${formatDate(iso)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(d);
  return `${formatDate(iso, locale)}, ${time} UTC`;
}

const UNITS: [number, Intl.RelativeTimeFormatUnit][] = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [30, 'day'],
];

/**
 * "3 hours ago" / "vor 3 Stunden" / "3 時間前", measured against a `now` the server sends with the
 * page, so the server's render and the browser's hydration print the same words. Past a month,
 * the date.
 */
export function relativeTime(iso: string, nowIso: string, locale: Locale = 'en'): string {
  const seconds = Math.max(0, (Date.parse(nowIso) - Date.parse(iso)) / 1000);
  if (seconds < 45) {
    return locale === 'en' ? 'just now' : new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  }
  let value = seconds;
  for (const [size, unit] of UNITS) {
    if (value < size) {
      const n = Math.floor(value);
      if (locale === 'en') return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
      return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-n, unit);
    }
    value /= size;
  }
  return formatDate(iso, locale);
}

/** A count as the page's language writes it (grouping, digits). */
export function formatNumber(n: number, locale: Locale = 'en'): string {
  return new Intl.NumberFormat(locale).format(n);
}
