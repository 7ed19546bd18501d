import type { NextPageContext } from 'next';
import { ErrorView } from './ErrorView';

/**
 * Next.js's error page, rendered per request (not prerendered) so that it carries the
 * response's CSP nonce. Pages normally draw their 403/404 inside the shell via `withShell`;
 * this covers failures and paths no page handles.
 */
export function ErrorPage({ statusCode }: { statusCode: number }) {
  return <ErrorView code={statusCode === 404 ? 404 : statusCode === 403 ? 403 : 500} />;
}

ErrorPage.getInitialProps = ({ res, err }: NextPageContext) => ({
  statusCode: res?.statusCode ?? (err as { statusCode?: number } | undefined)?.statusCode ?? 500,
});
