import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';

/**
 * A wide thing (a table) that scrolls sideways inside the page instead of widening it. It shows
 * that it scrolls: shadows on the edges with more content behind them, and, while it is wider
 * than the screen, a line saying so. It is a labelled region that takes focus, so a keyboard can
 * scroll it with the arrow keys.
 */
export function ScrollRegion({
  label,
  children,
  testId,
  onSurface,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  /** It sits on a card (the surface colour), not on the page. */
  onSurface?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="min-w-0">
      {overflows ? <ScrollHint /> : null}
      {/* relative: it also contains the sr-only texts of its cells. */}
      <div
        ref={ref}
        className={`scroll-shadows relative overflow-x-auto rounded-md ${onSurface ? '[--scroll-cover:var(--surface)]' : ''}`}
        role="region"
        aria-label={label}
        tabIndex={0}
        data-testid={testId}
        data-overflows={overflows ? 'true' : undefined}
      >
        {children}
      </div>
    </div>
  );
}

/** Drawn only while the region is wider than the screen (after hydration). */
function ScrollHint() {
  const t = useTranslations('ui');
  return (
    <p className="mb-2 text-xs text-muted" data-testid="scroll-hint">
      <span aria-hidden="true">{'↔ '}</span>
      {t('scrollRegion.hint')}
    </p>
  );
}
