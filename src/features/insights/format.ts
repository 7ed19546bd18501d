/** How insights figures read (browser-safe; the page and the CSV share them). */
import type { Locale } from '@/core/i18n/locales';

/** A duration cut into the parts it is written with; `unit` names its wording (teamSetup.duration). */
export type DurationParts =
  | { unit: 'underMinute' }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number }
  | { unit: 'hoursMinutes'; hours: number; minutes: number }
  | { unit: 'days'; days: number }
  | { unit: 'daysHours'; days: number; hours: number };

export function durationParts(seconds: number): DurationParts {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return { unit: 'underMinute' };
  if (minutes < 60) return { unit: 'minutes', minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? { unit: 'hoursMinutes', hours, minutes: minutes % 60 } : { unit: 'hours', hours };
  const days = Math.floor(hours / 24);
  return hours % 24 ? { unit: 'daysHours', days, hours: hours % 24 } : { unit: 'days', days };
}

/** A duration in English words: "45 min", "3 h 20 min", "2 d 4 h"; under a minute reads "under 1 min" (the CSV's). */
export function formatDuration(seconds: number): string {
  const p = durationParts(seconds);
  switch (p.unit) {
    case 'underMinute':
      return 'under 1 min';
    case 'minutes':
      return `${p.minutes} min`;
    case 'hours':
      return `${p.hours} h`;
    case 'hoursMinutes':
      return `${p.hours} h ${p.minutes} min`;
    case 'days':
      return `${p.days} d`;
    case 'daysHours':
      return `${p.days} d ${p.hours} h`;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A UTC day (YYYY-MM-DD) as "16 Nov"; with the year, "16 Nov 2026". English keeps fixed month
 * names (as src/lib/dates.ts); other languages use Intl in UTC.
 */
export function formatDay(day: string, withYear = false, locale: Locale = 'en'): string {
  const [y, m, d] = day.split('-').map(Number);
  if (locale !== 'en') {
    const options: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
      ...(withYear ? { year: 'numeric' } : {}),
    };
    return new Intl.DateTimeFormat(locale, options).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
  }
  return `${d} ${MONTHS[(m ?? 1) - 1]}${withYear ? ` ${y}` : ''}`;
}
