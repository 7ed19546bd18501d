/**
 * Commenting on a post and voting for it subscribe the person to it on the server, unless they
 * turned its updates off. A page that shows the post's "Get updates" toggle is told, so that the
 * toggle asks the server again instead of showing what it read when the page loaded. Within one
 * page only: a DOM event on `window`, nothing stored.
 */
const EVENT = 'chorus:subscription-may-change';

/** After the person's own comment on or vote for post `postNumber` was accepted. */
export function subscriptionMayHaveChanged(postNumber: number): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: postNumber }));
}

/** Calls `then` after each such change to post `postNumber`; returns what stops listening. */
export function onSubscriptionMayChange(postNumber: number, then: () => void): () => void {
  const listener = (e: Event) => {
    if ((e as CustomEvent<unknown>).detail === postNumber) then();
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
