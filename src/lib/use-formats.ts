import { useLocale } from 'use-intl';
import { useMemo } from 'react';
import { formatDate, formatDateTime, formatNumber, relativeTime } from './dates';

/**
 * The date and number helpers in the page's language (the locale of IntlProvider).
 * Screens being converted call these instead of the helpers' English defaults.
 */
export function useFormats() {
  const locale = useLocale();
  return useMemo(
    () => ({
      date: (iso: string) => formatDate(iso, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
      relative: (iso: string, nowIso: string) => relativeTime(iso, nowIso, locale),
      number: (n: number) => formatNumber(n, locale),
    }),
    [locale],
  );
}
