/**
 * GitHub (OAuth 2, no ID token): the code is exchanged at GitHub's token endpoint, and the person
 * is read from its API, with the verified primary address (docs/sso.md). GitHub is not reachable
 * from the tests, so its three endpoints are played by a stand-in for `fetch`.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CHORUS_SECRET_KEY = '12'.repeat(32);
});

// Every request of the client goes through the outbound guard's fetch, which connects with
// node:https (tested in src/server/net/guarded-fetch.test.ts); here it hands the request to the
// global fetch, which plays GitHub.
const guarded = vi.hoisted(() => ({ built: 0 }));
vi.mock('@/server/net/guarded-fetch', () => ({
  guardedFetch: () => {
    guarded.built++;
    return (url: string, init: RequestInit) => fetch(url, init);
  },
}));

import { db } from '@/server/db/client';
import { rateLimits, ssoIdentities, users } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { SsoProblem } from './sso-accounts';
import { GITHUB } from './sso-client';
import { finishSsoSignIn, startSsoSignIn } from './sso-flow';
import { saveSsoProvider } from './sso-service';

useTestDatabase();

type Email = { email: string; primary: boolean; verified: boolean };
let github: { id: number; login: string; name: string | null; emails: Email[] };
/** What GitHub was asked, in order (method, URL, and the token endpoint's form). */
let asked: { url: string; body: string | null; authorization: string | null }[];

const jsonResponse = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await db().delete(rateLimits);
  asked = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    asked.push({
      url: request.url,
      body: request.method === 'POST' ? await request.text() : null,
      authorization: request.headers.get('authorization'),
    });
    if (request.url === GITHUB.token)
      return jsonResponse({ access_token: 'gho_access', token_type: 'bearer', scope: 'read:user,user:email' });
    if (request.url === GITHUB.user) return jsonResponse({ id: github.id, login: github.login, name: github.name });
    if (request.url === GITHUB.emails) return jsonResponse(github.emails);
    return new Response('not found', { status: 404 });
  });
  await saveSsoProvider(
    await createTestActor('admin'),
    'github',
    { label: 'GitHub', clientId: 'Iv1.client', clientSecret: 'github client secret', enabled: true },
    '127.0.0.1',
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function signIn(): Promise<string> {
  const started = new ServerResponse(new IncomingMessage(new Socket()));
  const url = new URL(await startSsoSignIn('github', '/', started));
  const cookie = [started.getHeader('set-cookie') ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith('chorus_sso_flow='))!
    .split(';')[0]!;
  const req = new IncomingMessage(new Socket());
  req.headers.cookie = cookie;
  const params = new URLSearchParams({ code: 'github-code', state: url.searchParams.get('state')! });
  try {
    await finishSsoSignIn('github', { req, res: new ServerResponse(req), ip: '192.0.2.61', params });
    return 'signed-in';
  } catch (err) {
    if (err instanceof SsoProblem) return err.failure;
    throw err;
  }
}

describe('signing in through GitHub', () => {
  it('exchanges the code with the PKCE verifier, and signs in with the verified primary address', async () => {
    github = {
      id: 4242,
      login: 'octo',
      name: 'Octo Cat',
      emails: [
        { email: 'old@elsewhere.test', primary: false, verified: true },
        { email: 'Octo@Corp.test', primary: true, verified: true },
      ],
    };
    expect(await signIn()).toBe('signed-in');
    expect(guarded.built).toBeGreaterThan(0);
    const exchange = new URLSearchParams(asked.find((a) => a.url === GITHUB.token)!.body!);
    expect(exchange.get('code')).toBe('github-code');
    expect(exchange.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(asked.find((a) => a.url === GITHUB.emails)!.authorization).toBe('Bearer gho_access');
    const [user] = await db().select().from(users).where(eq(users.email, 'octo@corp.test'));
    expect(user).toMatchObject({ displayName: 'Octo Cat', passwordHash: null });
    expect(user!.emailVerifiedAt).not.toBeNull();
    const [identity] = await db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, user!.id));
    expect(identity).toMatchObject({ provider: 'github', subject: '4242' });
  });

  it('takes another verified address when the primary one is not verified', async () => {
    github = {
      id: 4343,
      login: 'second',
      name: null,
      emails: [
        { email: 'unproven@corp.test', primary: true, verified: false },
        { email: 'proven@corp.test', primary: false, verified: true },
      ],
    };
    expect(await signIn()).toBe('signed-in');
    expect(await db().select().from(users).where(eq(users.email, 'unproven@corp.test'))).toHaveLength(0);
    const [user] = await db().select().from(users).where(eq(users.email, 'proven@corp.test'));
    expect(user!.displayName).toBe('second');
  });

  it('refuses a person without any verified address, and never takes over the account that uses it', async () => {
    const owner = await createTestActor('member');
    github = { id: 4444, login: 'taker', name: null, emails: [{ email: owner.email, primary: true, verified: false }] };
    expect(await signIn()).toBe('unverified');
    expect(await db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, owner.id))).toHaveLength(0);
  });
});
