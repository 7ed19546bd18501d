/**
 * The /widget panel's loader: only this page may be framed, and only by the allowed host origins
 * (no origin configured: not even this one); it talks to the embedding page only when that page's
 * origin is allowed; a sign-in-required workspace shows a visitor nothing but the way to sign in.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';
import { db } from '@/server/db/client';
import { workspaceSettings } from '@/server/db/schema';
import { securityHeaders } from '@/server/http/security-headers';
import { forgetWorkspace } from '@/server/workspace';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { getServerSideProps } from './WidgetPage.loader';
import type { WidgetPageProps } from './widget-data';

useTestDatabase();

const HOST = 'https://app.example.com';

async function settings(values: Partial<typeof workspaceSettings.$inferInsert>) {
  await db().update(workspaceSettings).set(values).where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
}

beforeEach(() => settings({ setupCompletedAt: new Date(), widgetOrigins: [HOST, 'http://localhost:3000'], access: 'public' }));

function pageContext(query: Record<string, string>) {
  const req = new http.IncomingMessage(null as never);
  const res = new http.ServerResponse(req);
  // As the server sets them on every response (src/server/main.ts).
  for (const [k, v] of Object.entries(securityHeaders(parseEnv({}), 'bm9uY2U='))) res.setHeader(k, v);
  return { req, res, query, resolvedUrl: `/widget?${new URLSearchParams(query).toString()}` } as unknown as GetServerSidePropsContext;
}

const frameAncestors = (ctx: GetServerSidePropsContext) =>
  /frame-ancestors ([^;]+)/.exec(String(ctx.res.getHeader('Content-Security-Policy')))?.[1];

async function load(query: Record<string, string>) {
  const ctx = pageContext(query);
  const result = await getServerSideProps(ctx);
  if (!('props' in result)) throw new Error(`no props: ${JSON.stringify(result)}`);
  return { ctx, props: (await result.props) as WidgetPageProps & { shell: { workspace: { defaultTheme: string } } } };
}

describe('/widget', () => {
  it('may be framed by the allowed origins only, and talks to an allowed host', async () => {
    const { ctx, props } = await load({ host: `${HOST}/` });
    expect(frameAncestors(ctx)).toBe(`${HOST} http://localhost:3000`);
    expect(ctx.res.getHeader('X-Frame-Options')).toBeUndefined();
    expect(props.hostOrigin).toBe(HOST);
  });

  it('never talks to a host that is not allowed (it cannot frame the page either)', async () => {
    for (const host of ['https://evil.example', 'not an origin', '']) {
      const { ctx, props } = await load({ host });
      expect(props.hostOrigin).toBeNull();
      expect(frameAncestors(ctx)).toBe(`${HOST} http://localhost:3000`);
    }
  });

  it('is not frameable at all while no origin is configured', async () => {
    await settings({ widgetOrigins: [] });
    const { ctx, props } = await load({ host: HOST });
    expect(frameAncestors(ctx)).toBe("'none'");
    expect(ctx.res.getHeader('X-Frame-Options')).toBe('DENY');
    expect(props.hostOrigin).toBeNull();
  });

  it('lists the chosen board’s open posts, and takes the host’s theme', async () => {
    const board = await insertBoard();
    const post = await insertPost(board.id, { title: 'Dark mode please' });
    const { props } = await load({ host: HOST, board: board.slug, theme: 'dark' });
    expect(props.board).toBe(board.slug);
    expect(props.posts.map((p) => p.number)).toEqual([post.number]);
    expect(props.shell.workspace.defaultTheme).toBe('dark');
    const other = await load({ host: HOST, board: 'no-such-board', theme: 'purple' });
    expect(other.props.board).toBeNull();
    expect(other.props.shell.workspace.defaultTheme).toBe('system');
  });

  it('shows a visitor of a sign-in-required workspace nothing but the way to sign in', async () => {
    const board = await insertBoard();
    await insertPost(board.id);
    await settings({ access: 'sign_in_required' });
    const { props } = await load({ host: HOST });
    expect(props.canRead).toBe(false);
    expect(props.posts).toEqual([]);
    expect(props.boards).toEqual([]);
    expect(props.entries).toEqual([]);
  });
});
