/** Moves focus to the element a #fragment names, making it focusable if it is not. */
export function focusHashTarget(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return false;
  const target = document.getElementById(id);
  if (!target) return false;
  if (!target.hasAttribute('tabindex') && !target.matches('a[href],button,input,select,textarea,[contenteditable]')) {
    target.setAttribute('tabindex', '-1');
  }
  target.setAttribute('data-hash-target', '');
  target.focus({ preventScroll: true });
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  return true;
}

/**
 * Moves focus once the page has settled after something was removed: after React has drawn the
 * change, and after a closing dialog has tried to hand focus back to its trigger (which, when the
 * confirmed action removed it, is gone, and focus would be lost on the page).
 */
export function focusWhenSettled(target: () => HTMLElement | null | undefined): void {
  window.setTimeout(() => target()?.focus(), 0);
}
