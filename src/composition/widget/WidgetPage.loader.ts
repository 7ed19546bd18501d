import type { GetServerSideProps } from 'next';
import { env } from '@/config/env';
import type { ShellProps } from '@/core/shell';
import { canReadWorkspace } from '@/core/identity/policy';
import { THEMES, type Theme } from '@/core/workspace';
import { listBoards } from '@/features/boards/server/service';
import { listPublishedEntries } from '@/features/changelog/server/service';
import { listPosts } from '@/features/posts/server/list-service';
import { canonicalOrigin } from '@/features/widget/schema';
import { accentPalette } from '@/lib/accent';
import { allowFramingBy } from '@/server/http/security-headers';
import { withShell } from '@/server/page/with-shell';
import { getWidgetOrigins } from '@/server/workspace';
import { toWidgetPost, WIDGET_ENTRY_COUNT, WIDGET_POST_COUNT, type WidgetPageProps } from './widget-data';

const text = (v: string | string[] | undefined, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * `/widget`: the embeddable widget's panel (docs/widget.md), framed by the host product's page.
 * Only this page may be framed, and only by the workspace's allowed host origins (its
 * `frame-ancestors`; every other page keeps 'none'). `?host=` is the embedding page's origin as
 * the loader read it: the panel talks to it only if it is one of the allowed origins. The first
 * render is what the request's own session may read (usually a visitor: a cross-site frame gets no
 * cookie); after `Chorus('identify')` the panel reloads its lists with its widget session.
 */
const loadPanel = withShell<WidgetPageProps>(
  async (ctx, { actor, workspace }) => {
    const origins = await getWidgetOrigins();
    allowFramingBy(ctx.res, origins);
    const host = canonicalOrigin(text(ctx.query.host, 300));
    const hostOrigin = host && origins.includes(host) ? host : null;
    const canRead = canReadWorkspace(actor, workspace) === 'allow';
    const boards = canRead ? (await listBoards(actor)).filter((b) => !b.archived) : [];
    const wanted = text(ctx.query.board, 60).toLowerCase();
    const board = boards.some((b) => b.slug === wanted) ? wanted : null;
    const posts = canRead ? await listPosts(actor, { board: board ?? undefined, closed: 'hide', limit: WIDGET_POST_COUNT }) : null;
    const entries = canRead ? await listPublishedEntries(actor, { label: undefined, cursor: undefined, limit: WIDGET_ENTRY_COUNT }) : null;
    return {
      props: {
        hostOrigin,
        boardUrl: env().PUBLIC_URL,
        canRead,
        board,
        boards: boards.map((b) => ({ slug: b.slug, name: b.name, posting: b.posting })),
        posts: (posts?.items ?? []).map(toWidgetPost),
        entries: (entries?.items ?? []).map((e) => ({
          slug: e.slug,
          title: e.title,
          excerpt: e.excerpt,
          label: e.label.name,
          publishedAt: e.publishedAt,
        })),
        palette: accentPalette(workspace.accentColor),
      },
    };
  },
  { openToVisitors: true, namespaces: ['widget'] },
);

/** The host's `data-theme` (light, dark or system) stands in for the workspace's default theme inside the panel. */
export const getServerSideProps: GetServerSideProps<ShellProps & Partial<WidgetPageProps>> = async (ctx) => {
  const result = await loadPanel(ctx);
  const theme = text(ctx.query.theme, 10) as Theme;
  if ('props' in result && THEMES.includes(theme)) {
    const props = await result.props;
    return { props: { ...props, shell: { ...props.shell, workspace: { ...props.shell.workspace, defaultTheme: theme } } } };
  }
  return result;
};
