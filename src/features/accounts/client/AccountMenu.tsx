import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { useCallback, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { paths } from '@/config/paths';
import { useDismiss } from '@/lib/use-dismiss';
import { api } from '@/lib/api';
import type { Viewer } from '@/core/identity/viewer';

const itemClass = 'block w-full rounded px-3 py-2 text-start text-sm hover:bg-bg focus-visible:bg-bg';

/**
 * The header's account slot: "Sign in" for visitors; for signed-in people a disclosure (a
 * button that shows a short list of links), which is all this needs. It closes on Escape (focus
 * back on the button), on a click outside, and on navigation. Written by hand rather than with a
 * menu library so that every page's first-load JavaScript stays small.
 */
export function AccountMenu({ viewer }: { viewer: Viewer | null }) {
  const t = useTranslations('account');
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  if (!viewer) {
    return (
      <Link href={paths.login()} className="rounded-md bg-accent px-3 py-2 text-sm font-medium text-accent-fg" data-testid="sign-in-link">
        {t('signIn')}
      </Link>
    );
  }
  const signOut = async () => {
    setSigningOut(true);
    try {
      await api('/api/v1/auth/sign-out', { method: 'POST' });
    } finally {
      // A full load drops everything the signed-in session had on screen.
      window.location.assign(paths.home());
    }
  };
  const team = viewer.role === 'admin' || viewer.role === 'moderator';
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-md border border-border px-2 py-1 text-sm"
        data-testid="account-menu"
      >
        {/* Named by content, not aria-label: the name read out contains the visible name (WCAG 2.5.3). */}
        {/* data-personal: what a shared render's personal payload fills in before first paint (src/lib/personal.ts). */}
        <Avatar name={viewer.displayName} url={viewer.avatarUrl} size={24} personal />
        <span className="sr-only" data-personal="menuFor">
          {t('menuFor', { name: viewer.displayName })}
        </span>
        <span aria-hidden="true" className="hidden max-w-[10rem] truncate sm:inline-block" dir="auto" data-personal="name">
          {viewer.displayName}
        </span>
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute end-0 z-50 mt-1.5 min-w-[12rem] rounded-md border border-border bg-surface p-1 text-fg shadow-lg"
      >
        <p className="truncate px-3 py-2 text-xs text-muted" dir="auto" data-personal="email">
          {viewer.email}
        </p>
        <ul>
          <li>
            <Link href={paths.settings()} className={itemClass}>
              {t('settings')}
            </Link>
          </li>
          {team ? (
            <li>
              <Link href={paths.admin()} className={itemClass}>
                {t('teamArea')}
              </Link>
            </li>
          ) : null}
          <li className="mt-1 border-t border-border pt-1">
            <button type="button" className={itemClass} disabled={signingOut} onClick={() => void signOut()} data-testid="sign-out">
              {signingOut ? t('signingOut') : t('signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
