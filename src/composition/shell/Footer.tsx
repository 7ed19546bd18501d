import Link from 'next/link';
import { paths } from '@/config/paths';

export function Footer({ workspaceName, poweredBy }: { workspaceName: string; poweredBy: boolean }) {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-muted">
        <p className="m-0" data-testid="footer-credit">
          {workspaceName} feedback{poweredBy ? ' · powered by Chorus' : ''}
        </p>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            <li>
              <Link href={paths.privacy()} className="hover:text-fg">
                Privacy
              </Link>
            </li>
            <li>
              <Link href={paths.status()} className="hover:text-fg" prefetch={false}>
                Status
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
