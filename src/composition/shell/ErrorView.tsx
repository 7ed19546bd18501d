import Head from 'next/head';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';

const COPY = {
  403: { title: 'forbiddenTitle', body: 'forbiddenBody' },
  404: { title: 'notFoundTitle', body: 'notFoundBody' },
  500: { title: 'failedTitle', body: 'failedBody' },
} as const;

/**
 * `signedOut`: the reader is a visitor. A page on a private board is a 404 to them, as a page that
 * does not exist is (nothing says which it is), so a 404 tells every visitor that signing in may show it.
 */
export function ErrorView({ code, signedOut = false }: { code: 403 | 404 | 500; signedOut?: boolean }) {
  const t = useTranslations('errorPage');
  const { asPath } = useRouter();
  const title = t(COPY[code].title);
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid={`error-${code}`}>
      <Head>
        <title>{`${title} · ${code}`}</title>
      </Head>
      <p className="text-sm font-semibold tracking-widest text-accent">{t('code', { code })}</p>
      <h1 className="mt-2 text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-muted">{t(COPY[code].body)}</p>
      {code === 404 && signedOut ? (
        <p className="mt-2 text-muted" data-testid="not-found-sign-in">
          {t('notFoundSignIn')}
        </p>
      ) : null}
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href={paths.home()} className="rounded-md bg-accent px-4 py-2 font-medium text-accent-fg">
          {t('home')}
        </Link>
        {code === 404 && signedOut ? (
          <Link href={paths.login(asPath)} className="rounded-md border border-border px-4 py-2 font-medium">
            {t('signIn')}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
