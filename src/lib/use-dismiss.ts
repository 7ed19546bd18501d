import { useRouter } from 'next/router';
import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popover (a menu, the notifications panel) the way people expect: a press
 * outside `root`, Escape (which returns the focus to `button`), or leaving the page.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
): void {
  const router = useRouter();
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    router.events.on('routeChangeStart', close);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      router.events.off('routeChangeStart', close);
    };
  }, [open, close, root, button, router.events]);
}
