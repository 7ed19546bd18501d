/**
 * /p/[number] with Markdown nested far beyond the bounds, in every kind of item on the page:
 * the page's real loader gives its data and the page component renders it on the server, for a
 * visitor and for a moderator, who still gets the comment's delete control.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import type { NextRouter } from 'next/router';
import Loadable from 'next/dist/shared/lib/loadable.shared-runtime';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import { createElement, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { MD_MAX_BLOCK_NESTING } from '@/lib/markdown-tree';
import { commentRoute, postCommentsRoute } from '@/features/comments/server/handlers';
import { db } from '@/server/db/client';
import { statusChanges, workspaceSettings } from '@/server/db/schema';
import { createRoleActors, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import PostPage from './PostPage';
import { getServerSideProps } from './PostPage.loader';
import type { PostPageProps } from './post-page-types';
import type { ShellProps } from '@/core/shell';

useTestDatabase();

/** Fits a comment (at most 5,000 characters). */
const DEEP_COMMENT = '>'.repeat(4999) + 'x';
const DEEP_BODY = '- '.repeat(4999) + 'x';
const DEEP_NOTE = '*a '.repeat(1000) + 'x' + ' a*'.repeat(1000);

let member: TestActor, moderator: TestActor;
let postNumber: number;
let commentId: number;

beforeAll(async () => {
  await db().update(workspaceSettings).set({ setupCompletedAt: new Date() }).where(eq(workspaceSettings.id, 1));
  ({ member, moderator } = await createRoleActors());
  const board = await insertBoard({ slug: 'deep' });
  const post = await insertPost(board.id, { title: 'Nested far too deep', body: DEEP_BODY, authorId: member.id });
  postNumber = post.number;
  const planned = await statusBySlug('planned');
  await db()
    .insert(statusChanges)
    .values({ postId: post.id, fromStatusId: null, toStatusId: planned.id, byId: moderator.id, note: DEEP_NOTE });
  const res = await callRoute<{ id: number }>(postCommentsRoute, {
    method: 'POST',
    params: { number: String(postNumber) },
    body: { body: DEEP_COMMENT },
    origin: 'self',
    as: member,
  });
  expect(res.status).toBe(201);
  commentId = res.json.id;
});

async function loadPage(as?: TestActor) {
  const req = new http.IncomingMessage(null as never);
  if (as) req.headers.cookie = as.cookie;
  const res = new http.ServerResponse(req);
  const ctx = {
    req,
    res,
    params: { number: String(postNumber) },
    query: {},
    resolvedUrl: `/p/${postNumber}`,
  } as unknown as GetServerSidePropsContext;
  const result = await getServerSideProps(ctx);
  if (!('props' in result)) throw new Error('no props');
  return (await result.props) as ShellProps & PostPageProps;
}

function renderPage(props: ShellProps & PostPageProps): string {
  const router = {
    asPath: `/p/${postNumber}`,
    pathname: '/p/[number]',
    query: {},
    route: '/p/[number]',
    basePath: '',
    isReady: true,
    events: { on() {}, off() {}, emit() {} },
    push: async () => true,
    replace: async () => true,
    prefetch: async () => {},
    back() {},
    reload() {},
  } as unknown as NextRouter;
  // In English, with the team's words for a team member (as withShell's page data carries them).
  const messages = pageMessagesOf('en', { team: props.viewer.isTeam }) as unknown as AbstractIntlMessages;
  return renderToString(
    createElement(
      IntlProvider,
      { locale: 'en', messages, timeZone: 'UTC' } as ComponentProps<typeof IntlProvider>,
      createElement(RouterContext.Provider, { value: router }, createElement(PostPage, props)),
    ),
  );
}

describe('a post page with deeply nested Markdown in its body, a status note and a comment', () => {
  // As the server does before it renders: the parts loaded on demand (next/dynamic) are ready, so they render in place.
  beforeAll(() => Loadable.preloadAll());

  it('loads and renders for a visitor', async () => {
    const props = await loadPage();
    expect(props.errorPage).toBeUndefined();
    expect(props.comments).toHaveLength(1);
    const html = renderPage(props);
    expect(html).toContain('Nested far too deep');
    expect(html).toContain('data-testid="comment"');
    expect(html.match(/<blockquote dir="auto">/g)).toHaveLength(MD_MAX_BLOCK_NESTING);
    expect(html).not.toContain('data-testid="comment-delete"');
    expect(html).not.toContain('data-testid="post-properties"');
  });

  it('loads and renders for a moderator, with the delete control of the comment', async () => {
    const props = await loadPage(moderator);
    expect(props.comments[0]).toMatchObject({ id: commentId, canDelete: true });
    const html = renderPage(props);
    expect(html).toContain('data-testid="comment-delete"');
    expect(html).toContain('data-testid="post-actions"');
    // The team's editors are in the page as served (loaded on demand, but rendered in place).
    expect(html).toContain('data-testid="post-properties"');
    expect(html).not.toContain('Loading the editors');

    const removed = await callRoute(commentRoute, { method: 'DELETE', params: { id: String(commentId) }, origin: 'self', as: moderator });
    expect(removed.status).toBe(204);
    expect(renderPage(await loadPage(moderator))).toContain('This comment was deleted.');
  });
});
