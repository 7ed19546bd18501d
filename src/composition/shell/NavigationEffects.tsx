import Router from 'next/router';
import { useTranslations } from 'use-intl';
import { useEffect, useState } from 'react';
import { focusHashTarget } from '@/lib/focus';

/** After a page navigation, focus goes to the new page's heading (or main) for keyboard and screen-reader users. */
function focusNewPage() {
  if (window.location.hash && focusHashTarget(window.location.hash)) return;
  const main = document.getElementById('main');
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Focus management and a polite loading announcement for client-side navigation.
 * Hash-only changes (Next's hashChange events, or plain anchors) never refetch the page:
 * they only scroll to and focus their target.
 */
export function NavigationEffects() {
  const t = useTranslations('shell');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    // A refresh of the page shown (refreshPage, src/lib/refresh.ts, after a change) is not a
    // navigation: the focus stays where the person is working (a moved roadmap card, a form).
    const withoutHash = (url: string) => url.split('#')[0];
    let shown = withoutHash(Router.asPath);
    const onStart = () => setLoading(true);
    const onDone = (url: string) => {
      setLoading(false);
      const next = withoutHash(url);
      if (next !== shown) focusNewPage();
      shown = next;
    };
    const onError = () => setLoading(false);
    const onHash = () => focusHashTarget(window.location.hash);
    Router.events.on('routeChangeStart', onStart);
    Router.events.on('routeChangeComplete', onDone);
    Router.events.on('routeChangeError', onError);
    Router.events.on('hashChangeComplete', onHash);
    window.addEventListener('hashchange', onHash);
    if (window.location.hash) focusHashTarget(window.location.hash);
    return () => {
      Router.events.off('routeChangeStart', onStart);
      Router.events.off('routeChangeComplete', onDone);
      Router.events.off('routeChangeError', onError);
      Router.events.off('hashChangeComplete', onHash);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);

  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="navigation-status">
      {loading ? t('loadingPage') : ''}
    </div>
  );
}
