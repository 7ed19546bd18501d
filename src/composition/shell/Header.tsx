import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { AccountMenu } from '@/features/accounts/client/AccountMenu';
import { NotificationBell } from '@/features/notifications/client/NotificationBell';
import type { Viewer } from '@/core/identity/viewer';
import type { PublicWorkspace } from '@/core/workspace';
import { ThemeToggle } from './ThemeToggle';

const NAV = [
  { href: paths.home(), label: 'boards', match: (p: string) => p === '/' || p.startsWith('/b/') || p.startsWith('/p/') },
  { href: paths.roadmap(), label: 'roadmap', match: (p: string) => p === '/roadmap' },
  { href: paths.changelog(), label: 'changelog', match: (p: string) => p === '/changelog' || p.startsWith('/changelog/') },
] as const;

export function Header({ workspace, viewer }: { workspace: PublicWorkspace; viewer: Viewer | null }) {
  const { asPath } = useRouter();
  const t = useTranslations('shell');
  const current = asPath.split(/[?#]/)[0] ?? '/';
  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href={paths.home()} className="flex items-center gap-2 text-lg font-semibold text-fg no-underline">
          {workspace.logoUrl ? (
            // The name follows, so the logo is decoration to assistive technology.
            // eslint-disable-next-line @next/next/no-img-element -- an uploaded PNG served by our own route, already sized
            <img src={workspace.logoUrl} alt="" height={32} className="h-8 w-auto max-w-40 object-contain" data-testid="workspace-logo" />
          ) : (
            <span aria-hidden="true" className="inline-block h-6 w-6 rounded-md bg-accent" />
          )}
          <span data-testid="workspace-name" dir="auto">
            {workspace.name}
          </span>
        </Link>
        <nav aria-label={t('mainNav')} className="order-3 w-full sm:order-none sm:w-auto">
          <ul className="flex gap-1">
            {NAV.map((item) => {
              const active = item.match(current);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={`rounded-md px-3 py-2 text-sm font-medium ${active ? 'bg-bg text-fg' : 'text-muted hover:text-fg'}`}
                  >
                    {t(item.label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <ThemeToggle />
          {viewer ? <NotificationBell /> : null}
          <AccountMenu viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
