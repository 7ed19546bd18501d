import Head from 'next/head';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';

const COPY = {
  403: { title: 'forbiddenTitle', body: 'forbiddenBody' },
  404: { title: 'notFoundTitle', body: 'notFoundBody' },
  500: { title: 'failedTitle', body: 'failedBody' },
} as const;

export function ErrorView({ code }: { code: 403 | 404 | 500 }) {
  const t = useTranslations('errorPage');
  const title = t(COPY[code].title);
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid={`error-${code}`}>
      <Head>
        <title>{`${title} · ${code}`}</title>
      </Head>
      <p className="text-sm font-semibold tracking-widest text-accent">{t('code', { code })}</p>
      <h1 className="mt-2 text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-muted">{t(COPY[code].body)}</p>
      <p className="mt-8">
        <Link href={paths.home()} className="rounded-md bg-accent px-4 py-2 font-medium text-accent-fg">
          {t('home')}
        </Link>
      </p>
    </div>
  );
}
