import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import type { Viewer } from '../schema';

const itemClass = 'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-bg';

/** The header's account slot: "Sign in" for visitors, a menu for signed-in people. */
export function AccountMenu({ viewer }: { viewer: Viewer | null }) {
  const [signingOut, setSigningOut] = useState(false);
  if (!viewer) {
    return (
      <Link href={paths.login()} className="rounded-md bg-accent px-3 py-2 text-sm font-medium text-accent-fg" data-testid="sign-in-link">
        Sign in
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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-md border border-border px-2 py-1 text-sm"
        data-testid="account-menu"
      >
        {/* Named by its content, not aria-label: an aria-label would have to contain the visible
            text (axe label-content-name-mismatch), and the avatar's initials are part of it. */}
        <span className="sr-only">Account menu for {viewer.displayName}</span>
        <Avatar name={viewer.displayName} url={viewer.avatarUrl} size={24} />
        <span aria-hidden="true" className="hidden max-w-[10rem] truncate sm:inline">
          {viewer.displayName}
        </span>
      </DropdownMenu.Trigger>
        {/* Not portalled: the menu stays inside the shell, so it keeps the page's font and theme. */}
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-[12rem] rounded-md border border-border bg-surface p-1 text-fg shadow-lg">
        <DropdownMenu.Label className="px-3 py-2 text-xs text-muted">{viewer.email}</DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link href={paths.settings()}>Settings</Link>
          </DropdownMenu.Item>
          {team ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link href={paths.admin()}>Team area</Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} disabled={signingOut} onSelect={() => void signOut()} data-testid="sign-out">
            {signingOut ? 'Signing out…' : 'Sign out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
