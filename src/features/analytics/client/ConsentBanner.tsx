import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { analytics } from './analytics';
import { useAnalytics } from './hooks';

const button = 'min-h-11 rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 sm:min-h-9';

/**
 * Asks for analytics consent, once, when analytics is configured and the browser sends no privacy
 * signal. Sticky at the bottom of the viewport but part of the page flow, so that it never covers
 * the end of the page (nor the skip link at the top). It takes no focus: it is the last landmark,
 * reached by Tab after the footer, or answered later on the privacy page.
 */
export function ConsentBanner() {
  const t = useTranslations('analytics');
  const { status } = useAnalytics();
  if (status !== 'undecided') return null;
  return (
    <section
      aria-label={t('banner.label')}
      aria-describedby="consent-banner-text"
      className="sticky bottom-0 z-40 border-t border-border bg-surface shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
      data-testid="consent-banner"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6">
        <p id="consent-banner-text" className="m-0 flex-1 text-sm">
          {t('banner.question')}{' '}
          <Link href={paths.privacy('analytics')} className="text-accent underline">
            {t('banner.whatWeCollect')}
          </Link>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={`${button} flex-1 border border-border bg-bg text-fg hover:bg-surface sm:flex-none`}
            onClick={() => analytics.setConsent('denied', 'banner')}
          >
            {t('banner.decline')}
          </button>
          <button
            type="button"
            className={`${button} flex-1 bg-accent text-accent-fg hover:opacity-90 sm:flex-none`}
            onClick={() => analytics.setConsent('granted', 'banner')}
          >
            {t('banner.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
