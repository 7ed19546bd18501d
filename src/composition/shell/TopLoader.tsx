import { PagesTopLoader } from 'nextjs-toploader/pages';
import NProgress from 'nprogress';

/**
 * The top loader's default template marks the bar up with role="bar", which is not an ARIA role
 * (axe: aria-roles). The bar is decoration — NavigationEffects announces loading — so it is hidden
 * from assistive technology, and nprogress finds it by class instead of by that role.
 */
const TOP_LOADER_TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';
NProgress.configure({ barSelector: '.bar' });

/**
 * The bar at the top during a client-side navigation. Loaded after the page has hydrated (App's
 * `Later`): it has nothing to show before the first navigation, and keeping it (with nprogress)
 * out of the first load keeps every page's first-load JS smaller.
 */
export function TopLoader() {
  return <PagesTopLoader color="var(--accent)" height={3} showSpinner={false} shadow={false} template={TOP_LOADER_TEMPLATE} />;
}
