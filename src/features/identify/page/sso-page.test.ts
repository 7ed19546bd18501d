/**
 * The /sso page's loader: a good token signs in (a session cookie) and redirects to a same-origin
 * path only; a refused one redirects to /sso?error=<reason>, which answers its status.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { rateLimits, workspaceSettings } from '@/server/db/schema';
import { forgetWorkspace } from '@/server/workspace';
import { useTestDatabase } from '@/test/db';
import { signTestIdentifyToken, installIdentifySecret } from '@/test/identify';
import { getServerSideProps } from './SsoPage.loader';

useTestDatabase();

let secret: string;
beforeAll(async () => {
  await db().update(workspaceSettings).set({ setupCompletedAt: new Date() }).where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
  secret = await installIdentifySecret();
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

function pageContext(query: Record<string, string>) {
  const req = new http.IncomingMessage(null as never);
  const res = new http.ServerResponse(req);
  const search = new URLSearchParams(query).toString();
  return { req, res, query, resolvedUrl: `/sso?${search}` } as unknown as GetServerSidePropsContext;
}

const token = (sub = `sso-${Math.random().toString(36).slice(2)}`) =>
  signTestIdentifyToken(secret, { sub, email: `${sub}@example.test`, name: 'Sam Sso' });
const cookieOf = (ctx: GetServerSidePropsContext) => String(ctx.res.getHeader('set-cookie') ?? '');

describe('/sso', () => {
  it('signs in and redirects to the given path on the board', async () => {
    const ctx = pageContext({ token: await token(), redirect: '/p/12?x=1#comment-3' });
    expect(await getServerSideProps(ctx)).toEqual({ redirect: { destination: '/p/12?x=1#comment-3', permanent: false } });
    expect(cookieOf(ctx)).toMatch(/chorus_session=[A-Za-z0-9_-]{20,}/);
  });

  it('never redirects off the board', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const ctx = pageContext({ token: await token(), redirect });
      expect(await getServerSideProps(ctx)).toEqual({ redirect: { destination: '/', permanent: false } });
    }
  });

  it('sends a refused token to the error page, without a session', async () => {
    const used = await token();
    await getServerSideProps(pageContext({ token: used }));
    const again = pageContext({ token: used, redirect: '/p/1' });
    expect(await getServerSideProps(again)).toEqual({ redirect: { destination: '/sso?error=replayed', permanent: false } });
    expect(cookieOf(again)).not.toMatch(/chorus_session=[A-Za-z0-9]/);
    expect(await getServerSideProps(pageContext({}))).toEqual({ redirect: { destination: '/sso?error=missing', permanent: false } });
    const forged = await signTestIdentifyToken('idsec_forged-0000000000000000000000000000000000', { sub: 'f', email: 'f@example.test' });
    expect(await getServerSideProps(pageContext({ token: forged }))).toEqual({
      redirect: { destination: '/sso?error=bad_signature', permanent: false },
    });
  });

  it('renders the error page with the reason and its status; an unknown reason is "malformed"', async () => {
    const ctx = pageContext({ error: 'replayed' });
    const result = (await getServerSideProps(ctx)) as { props: { reason: string } };
    expect(result.props.reason).toBe('replayed');
    expect(ctx.res.statusCode).toBe(410);
    const banned = pageContext({ error: 'banned' });
    await getServerSideProps(banned);
    expect(banned.res.statusCode).toBe(403);
    const odd = (await getServerSideProps(pageContext({ error: '<script>' }))) as { props: { reason: string } };
    expect(odd.props.reason).toBe('malformed');
  });

  it('is rate-limited per source, like the API route', async () => {
    let last: unknown;
    for (let i = 0; i < 31; i++) last = await getServerSideProps(pageContext({ token: 'not-a-token' }));
    expect(last).toEqual({ redirect: { destination: '/sso?error=rate_limited', permanent: false } });
  });
});
