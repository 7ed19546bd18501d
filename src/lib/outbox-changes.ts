import { useEffect, useRef } from 'react';

/**
 * The outbox's waiting emails change without a page load when this page adds or withdraws one
 * (an invitation created, resent or revoked): the page says so here, and what shows the count
 * (the team's email notice) fetches it again. Nothing else travels: the count is read afresh.
 */
const OUTBOX_CHANGED = 'chorus:outbox-changed';

/** Tells this page's listeners that the outbox has just changed (after the write has answered). */
export function announceOutboxChange(): void {
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

/** Calls `onChange` whenever this page announces an outbox change. */
export function useOutboxChanges(onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const listener = () => latest.current();
    window.addEventListener(OUTBOX_CHANGED, listener);
    return () => window.removeEventListener(OUTBOX_CHANGED, listener);
  }, []);
}
