import Head from 'next/head';
import type { ReactNode } from 'react';

/** The page's one h1, and the document title that the route announcer reads out. */
export function PageHeading({ title, siteName, children }: { title: string; siteName: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <Head>
        <title>{`${title} · ${siteName}`}</title>
      </Head>
      <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
      {children ? <div className="mt-2 text-muted">{children}</div> : null}
    </div>
  );
}
