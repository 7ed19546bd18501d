import { useCallback } from 'react';
import { useLocale, useTranslations } from 'use-intl';
import { etaLabel } from '../../schema';

/**
 * An ETA (`2027-03`, `2027-Q1`) in the page's language: "March 2027" or "Q1 2027" in English,
 * "März 2027" or "Q1 2027" in German. `short` leaves the year out (the options of the ETA editor).
 */
export function useEtaLabel() {
  const locale = useLocale();
  const t = useTranslations('teamWork.properties.editors');
  return useCallback(
    (eta: string, short = false): string => {
      const [year, part] = eta.split('-') as [string, string];
      if (part.startsWith('Q')) {
        const quarter = part.slice(1);
        return short ? t('quarterShort', { quarter }) : t('quarter', { quarter, year });
      }
      // English keeps the label the rest of the product shows (etaLabel).
      if (locale === 'en') return short ? etaLabel(eta).replace(` ${year}`, '') : etaLabel(eta);
      const date = new Date(Date.UTC(Number(year), Number(part) - 1, 1));
      return date.toLocaleString(locale, short ? { month: 'long', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' });
    },
    [locale, t],
  );
}
