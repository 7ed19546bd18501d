import type { NextRouter } from 'next/router';

/** Reloads the current page's data (after a change) without scrolling or keeping a #fragment. */
export function refreshPage(router: NextRouter): Promise<boolean> {
  return router.replace(router.asPath.split('#')[0]!, undefined, { scroll: false, unstable_skipClientCache: true });
}
