import { analytics } from './analytics';
import { useAnalytics } from './hooks';

const SIGNAL_NAMES = { 'do-not-track': 'Do Not Track', 'global-privacy-control': 'Global Privacy Control' } as const;

const choiceButton =
  'min-h-11 rounded-md border px-4 py-2 text-sm font-medium aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-fg sm:min-h-9';

/** The visitor's analytics choice on the privacy page: shows it and lets them change it at any time. */
export function ConsentControl({ configured }: { configured: boolean }) {
  const { status, signal } = useAnalytics();

  if (!configured || status === 'off') {
    return (
      <p data-testid="consent-status" data-status="off">
        Analytics is <strong>off</strong> on this site: it is not configured, so nothing is collected and there is nothing to choose.
      </p>
    );
  }
  if (status === 'blocked' && signal) {
    return (
      <p data-testid="consent-status" data-status="blocked">
        Your browser sends <strong>{SIGNAL_NAMES[signal]}</strong>, so analytics stays off for you whatever is chosen here, and you are
        never asked.
      </p>
    );
  }

  const current = status === 'granted' ? 'allowed' : status === 'denied' ? 'declined' : status === 'undecided' ? 'not chosen yet' : null;
  return (
    <div>
      <p data-testid="consent-status" data-status={status} aria-live="polite">
        {current ? (
          <>
            Your current choice: <strong>{current}</strong>
            {status === 'undecided' ? ' (nothing is collected until you allow it).' : '.'}
          </>
        ) : (
          'Reading your current choice…'
        )}
      </p>
      <div role="group" aria-label="Analytics" className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={choiceButton}
          aria-pressed={status === 'granted'}
          disabled={status === 'pending'}
          onClick={() => analytics.setConsent('granted', 'privacy_page')}
        >
          Allow analytics
        </button>
        <button
          type="button"
          className={choiceButton}
          aria-pressed={status === 'denied'}
          disabled={status === 'pending'}
          onClick={() => analytics.setConsent('denied', 'privacy_page')}
        >
          Don’t allow analytics
        </button>
      </div>
    </div>
  );
}
