import type { GetServerSideProps } from 'next';
import { SOURCE_LOCALE } from '@/core/i18n/locales';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { withShell } from '@/server/page/with-shell';
import { readServiceStatus } from '../server/status-service';
import type { StatusPageProps } from './StatusPage';

const withWorkspace = withShell<StatusPageProps>(async () => ({ props: { status: await readServiceStatus() } }), { openToVisitors: true });

/**
 * `/status`, for people (machines read /api/health). Open to visitors in every workspace: it
 * says nothing about content. Never cached; 503 while the database does not answer. When the
 * shell itself cannot be loaded (the workspace is read from the database), the page is still
 * made, without the workspace's name and colours, to say what is wrong.
 */
export const getServerSideProps: GetServerSideProps = async (ctx) => {
  ctx.res.setHeader('cache-control', 'no-store');
  try {
    const result = await withWorkspace(ctx);
    if ('props' in result) {
      const props = await result.props;
      if (props.status && !props.status.ok) ctx.res.statusCode = 503;
    }
    return result;
  } catch {
    ctx.res.statusCode = 503;
    // Without the shell there is no language choice: the page's words come in the source language.
    return { props: { status: await readServiceStatus(), fallbackMessages: pageMessagesOf(SOURCE_LOCALE, { team: false }) } };
  }
};
