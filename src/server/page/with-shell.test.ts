import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { beforeAll, describe, expect, it } from 'vitest';
import { getServerSideProps as loginLoader } from '@/features/accounts/page/LoginPage.loader';
import { forgetWorkspace } from '@/server/workspace';
import { db } from '@/server/db/client';
import { users, workspaceSettings } from '@/server/db/schema';
import { createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { signInRedirect, withShell } from './with-shell';

useTestDatabase();

let member: TestActor;
beforeAll(async () => {
  await db().update(workspaceSettings).set({ setupCompletedAt: new Date() }).where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
  member = await createTestActor('member');
});

/** A page request as Next.js hands it to getServerSideProps (query already decoded, params merged in). */
function pageContext(opts: {
  resolvedUrl: string;
  query?: GetServerSidePropsContext['query'];
  params?: GetServerSidePropsContext['params'];
  cookie?: string;
  acceptLanguage?: string;
}) {
  const req = new http.IncomingMessage(null as never);
  if (opts.cookie) req.headers.cookie = opts.cookie;
  if (opts.acceptLanguage) req.headers['accept-language'] = opts.acceptLanguage;
  const res = new http.ServerResponse(req);
  return {
    req,
    res,
    query: { ...opts.query, ...opts.params },
    params: opts.params,
    resolvedUrl: opts.resolvedUrl,
  } as unknown as GetServerSidePropsContext;
}

describe('withShell: loaders never see text the database refuses', () => {
  const seen: GetServerSidePropsContext['query'][] = [];
  const page = withShell(async (ctx) => {
    seen.push(ctx.query);
    return { props: {} };
  });

  it('leaves out query parameters holding a NUL, as if they were not given', async () => {
    seen.length = 0;
    const ctx = pageContext({
      resolvedUrl: '/b/ideas?q=%00&sort=new',
      params: { board: 'ideas' },
      query: { q: 'a\u0000', sort: 'new', tag: ['x', '\u0000'] },
    });
    const result = await page(ctx);
    expect(result).toHaveProperty('props');
    expect(seen).toEqual([{ board: 'ideas', sort: 'new', tag: ['x'] }]);
  });

  it('answers the 404 screen for a path segment holding a NUL, without running the loader', async () => {
    seen.length = 0;
    for (const params of [{ board: '\u0000' }, { number: '1\u0000' }, { path: ['a', 'b\u0000'] }]) {
      const ctx = pageContext({ resolvedUrl: '/b/%00', params });
      const result = await page(ctx);
      expect(result).toMatchObject({ props: { errorPage: 404 } });
      expect(ctx.res.statusCode).toBe(404);
    }
    expect(seen).toEqual([]);
  });
});

describe('redirects built from the request are same-origin and ASCII', () => {
  it('signInRedirect carries the page back through ?next= as an ASCII value', () => {
    const { redirect } = signInRedirect(pageContext({ resolvedUrl: '/admin/members?q=caf\u00e9' }));
    expect(redirect.destination).toBe('/login?next=%2Fadmin%2Fmembers%3Fq%3Dcaf%25C3%25A9');
    expect(redirect.destination).toMatch(/^[\x21-\x7e]+$/);
  });

  it('signInRedirect never throws on text encodeURIComponent refuses (a lone surrogate)', () => {
    expect(signInRedirect(pageContext({ resolvedUrl: '/b/ideas?q=\ud800' })).redirect.destination).toBe(
      '/login?next=%2Fb%2Fideas%3Fq%3D%25EF%25BF%25BD',
    );
  });

  it('the sign-in page sends a signed-in person to a same-origin, ASCII path (/%E3%80%82evil.example)', async () => {
    const cases = [
      ['/\u3002evil.example', '/%E3%80%82evil.example'],
      ['/.//evil.example', '/'],
      ['/\\evil.example', '/'],
      ['//evil.example', '/'],
      ['https:evil.example', '/'],
      ['/settings?tab=caf\u00e9', '/settings?tab=caf%C3%A9'],
    ] as const;
    for (const [next, destination] of cases) {
      const result = await loginLoader(pageContext({ resolvedUrl: '/login', query: { next }, cookie: member.cookie }));
      expect(result).toEqual({ redirect: { destination, permanent: false } });
    }
  });
});

describe('withShell: the page’s language', () => {
  const page = withShell(async () => ({ props: {} }));
  const shellOf = async (opts: Parameters<typeof pageContext>[0]) => {
    const ctx = pageContext(opts);
    const result = (await page(ctx)) as { props: { shell: { locale: string; messages: Record<string, unknown> } } };
    // The answer says its language too.
    expect(ctx.res.getHeader('content-language')).toBe(result.props.shell.locale);
    return result.props.shell;
  };

  it('follows Accept-Language, and sends that language’s catalogue only, without the emails', async () => {
    const shell = await shellOf({ resolvedUrl: '/', acceptLanguage: 'ja-JP,ja;q=0.9,en;q=0.5' });
    expect(shell.locale).toBe('ja');
    expect((shell.messages.shell as Record<string, string>).skipLink).toBe('本文へスキップ');
    expect(shell.messages).not.toHaveProperty('emails');
  });

  it('takes a member’s own setting over Accept-Language, and the workspace default when nothing matches', async () => {
    const person = await createTestActor('member');
    await db().update(users).set({ locale: 'ar' }).where(eq(users.id, person.id));
    expect((await shellOf({ resolvedUrl: '/', cookie: person.cookie, acceptLanguage: 'de' })).locale).toBe('ar');
    await db().update(workspaceSettings).set({ defaultLocale: 'es' }).where(eq(workspaceSettings.id, 1));
    forgetWorkspace();
    try {
      expect((await shellOf({ resolvedUrl: '/', acceptLanguage: 'it, nl;q=0.5' })).locale).toBe('es');
      expect((await shellOf({ resolvedUrl: '/', acceptLanguage: 'fr', cookie: 'chorus_locale=pt-BR' })).locale).toBe('pt-BR');
    } finally {
      await db().update(workspaceSettings).set({ defaultLocale: 'en' }).where(eq(workspaceSettings.id, 1));
      forgetWorkspace();
    }
  });
});
