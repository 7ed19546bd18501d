import Head from 'next/head';
import Link from 'next/link';
import { paths } from '@/config/paths';

const COPY = {
  403: {
    title: 'You do not have access to this page',
    body: 'Your account does not have permission to see this. If you think it should, ask a workspace admin.',
  },
  404: { title: 'Page not found', body: 'The page you are looking for does not exist, or it has been moved.' },
  500: { title: 'Something went wrong', body: 'An unexpected error happened on our side. Please try again in a moment.' },
} as const;

export function ErrorView({ code }: { code: 403 | 404 | 500 }) {
  const copy = COPY[code];
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid={`error-${code}`}>
      <Head>
        <title>{`${copy.title} · ${code}`}</title>
      </Head>
      <p className="text-sm font-semibold tracking-widest text-accent">ERROR {code}</p>
      <h1 className="mt-2 text-3xl font-semibold">{copy.title}</h1>
      <p className="mt-4 text-muted">{copy.body}</p>
      <p className="mt-8">
        <Link href={paths.home()} className="rounded-md bg-accent px-4 py-2 font-medium text-accent-fg">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
