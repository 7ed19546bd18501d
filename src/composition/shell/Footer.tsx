import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { LanguagePicker } from './LanguagePicker';
import { isolated } from '@/components/ui/bidi';

export function Footer({ workspaceName, poweredBy, signedIn }: { workspaceName: string; poweredBy: boolean; signedIn: boolean }) {
  const t = useTranslations('shell');
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 text-sm text-muted">
        <p className="m-0" data-testid="footer-credit">
          {/* The workspace's name is an argument, shown as text: never part of a template. */}
          {isolated((u) => t(poweredBy ? 'creditPoweredBy' : 'credit', { workspace: u(workspaceName) }))}
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <nav aria-label={t('footerNav')}>
            <ul className="flex gap-4">
              <li>
                <Link href={paths.privacy()} className="hover:text-fg">
                  {t('privacy')}
                </Link>
              </li>
              <li>
                <Link href={paths.status()} className="hover:text-fg" prefetch={false}>
                  {t('status')}
                </Link>
              </li>
            </ul>
          </nav>
          <LanguagePicker signedIn={signedIn} />
        </div>
      </div>
    </footer>
  );
}
