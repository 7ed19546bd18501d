import type { ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { analytics } from './analytics';
import { useAnalytics } from './hooks';

const SIGNAL_NAMES = { 'do-not-track': 'Do Not Track', 'global-privacy-control': 'Global Privacy Control' } as const;

const choiceButton =
  'min-h-11 rounded-md border px-4 py-2 text-sm font-medium aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-fg sm:min-h-9';

/** The visitor's analytics choice on the privacy page: shows it and lets them change it at any time. */
export function ConsentControl({ configured }: { configured: boolean }) {
  const t = useTranslations('analytics');
  const { status, signal } = useAnalytics();
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

  if (!configured || status === 'off') {
    return (
      <p data-testid="consent-status" data-status="off">
        {t.rich('control.off', { strong })}
      </p>
    );
  }
  if (status === 'blocked' && signal) {
    return (
      <p data-testid="consent-status" data-status="blocked">
        {t.rich('control.blocked', { strong, signal: SIGNAL_NAMES[signal] })}
      </p>
    );
  }

  const current = status === 'granted' || status === 'denied' || status === 'undecided' ? status : null;
  return (
    <div>
      <p data-testid="consent-status" data-status={status} aria-live="polite">
        {current ? t.rich('control.current', { strong, choice: current }) : t('control.reading')}
      </p>
      <div role="group" aria-label={t('control.group')} className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={choiceButton}
          aria-pressed={status === 'granted'}
          disabled={status === 'pending'}
          onClick={() => analytics.setConsent('granted', 'privacy_page')}
        >
          {t('control.allow')}
        </button>
        <button
          type="button"
          className={choiceButton}
          aria-pressed={status === 'denied'}
          disabled={status === 'pending'}
          onClick={() => analytics.setConsent('denied', 'privacy_page')}
        >
          {t('control.deny')}
        </button>
      </div>
    </div>
  );
}
