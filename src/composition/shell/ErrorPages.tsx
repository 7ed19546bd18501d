import type { NextPageContext } from 'next';
import type { CompiledCatalogue } from '@/i18n/compile';
import { ErrorView } from './ErrorView';

/**
 * Next.js's error page, rendered per request (not prerendered) so that it carries the
 * response's CSP nonce. Pages normally draw their 403/404 inside the shell via `withShell`;
 * this covers failures and paths no page handles.
 */
export function ErrorPage({ statusCode }: { statusCode: number; fallbackMessages?: CompiledCatalogue }) {
  return <ErrorView code={statusCode === 404 ? 404 : statusCode === 403 ? 403 : 500} />;
}

/**
 * Without the shell's server data, the shell around this page is drawn in the source language;
 * its catalogue and the ICU compiler are imported on demand, so they are chunks of this page
 * alone, never of the others.
 */
ErrorPage.getInitialProps = async ({ res, err }: NextPageContext) => {
  const [{ default: en }, { compileCatalogue }] = await Promise.all([import('@/i18n/messages/en'), import('@/i18n/compile')]);
  const { emails: _emails, ...page } = en;
  return {
    statusCode: res?.statusCode ?? (err as { statusCode?: number } | undefined)?.statusCode ?? 500,
    fallbackMessages: compileCatalogue(page),
  };
};
