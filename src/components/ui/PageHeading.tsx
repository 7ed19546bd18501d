import Head from 'next/head';
import type { ReactNode } from 'react';

/**
 * The page's one h1, and the document title that the route announcer reads out. `userTitle`: the
 * title is text people wrote (a board's name), shown in its own direction.
 */
export function PageHeading({
  title,
  siteName,
  userTitle,
  children,
}: {
  title: string;
  siteName: string;
  userTitle?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6">
      <Head>
        <title>{`${title} · ${siteName}`}</title>
      </Head>
      <h1 className="text-2xl font-semibold sm:text-3xl" dir={userTitle ? 'auto' : undefined}>
        {title}
      </h1>
      {children ? <div className="mt-2 text-muted">{children}</div> : null}
    </div>
  );
}
