import Link from 'next/link';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';

const ITEMS = [
  { href: paths.settings(), label: 'profile' },
  { href: paths.settingsNotifications(), label: 'notifications' },
  { href: paths.settingsAccount(), label: 'account' },
] as const;

/** The settings pages: their heading, the settings sub-navigation, and the page's sections. */
export function SettingsLayout({ title, siteName, children }: { title: string; siteName: string; children: ReactNode }) {
  const { pathname } = useRouter();
  const t = useTranslations('account');
  return (
    <>
      <PageHeading title={title} siteName={siteName} />
      <div className="flex flex-col gap-6 sm:flex-row sm:gap-10">
        <nav aria-label={t('settings')} className="sm:w-44 sm:shrink-0">
          <ul className="m-0 flex list-none gap-1 p-0 sm:flex-col">
            {ITEMS.map((item) => {
              const active = pathname === item.href;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={`block rounded-md px-3 py-2 text-sm font-medium no-underline ${
                      active ? 'bg-surface ' + 'text-fg shadow-sm ring-1 ring-border' : 'text-muted hover:text-fg'
                    }`}
                  >
                    {t(`settingsNav.${item.label}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-6">{children}</div>
      </div>
    </>
  );
}

/** One titled block of settings. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-border bg-surface p-4 sm:p-6"
      data-testid={`section-${id}`}
    >
      <h2 id={`${id}-title`} className="m-0 text-lg font-semibold">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-muted">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
