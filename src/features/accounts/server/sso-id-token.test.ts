/**
 * The ID token is validated in full (docs/sso.md, "The flow"): its signature against the
 * provider's published keys, its issuer, audience, expiry and nonce. A real provider never sends
 * a bad token, so this one is a hand-made provider on loopback whose token endpoint answers
 * whatever token the test made (signed here with node:crypto, RS256).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CHORUS_SECRET_KEY = 'ab'.repeat(32);
  // The provider on loopback is internal: the operator allows it, as for the e2e suite.
  process.env.CHORUS_SSO_ALLOW_HOSTS = '127.0.0.1';
});

import { db } from '@/server/db/client';
import { rateLimits, users } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { SsoProblem } from './sso-accounts';
import { finishSsoSignIn, startSsoSignIn } from './sso-flow';
import { saveSsoProvider } from './sso-service';
import { eq } from 'drizzle-orm';

useTestDatabase();

const CLIENT_ID = 'chorus-client';
const KID = 'key-1';
const published = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

let server: http.Server;
let issuer = '';
/** What the token endpoint answers as `id_token` next. */
let nextIdToken = '';

const b64 = (v: object | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString('base64url');

function jwt(claims: Record<string, unknown>, key: KeyObject = published.privateKey, header: Record<string, unknown> = {}) {
  const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: KID, ...header })}.${b64(claims)}`;
  return `${input}.${b64(sign('sha256', Buffer.from(input), key))}`;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const send = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      return send({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/jwks') return send({ keys: [{ ...published.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }] });
    if (path === '/token' && req.method === 'POST') {
      req.resume();
      return req.on('end', () => send({ access_token: 'access-token', token_type: 'Bearer', expires_in: 60, id_token: nextIdToken }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  await db().delete(rateLimits);
  await saveSsoProvider(
    await createTestActor('admin'),
    'oidc',
    { label: 'Corp', issuer, clientId: CLIENT_ID, clientSecret: 'client secret', enabled: true },
    '127.0.0.1',
  );
});

/** Starts a sign-in, lets the token endpoint answer `token(nonce)`, and comes back with a code. */
async function signInWith(token: (nonce: string) => string): Promise<string> {
  const started = new ServerResponse(new IncomingMessage(new Socket()));
  const url = new URL(await startSsoSignIn('oidc', '/', started));
  const cookie = [started.getHeader('set-cookie') ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith('chorus_sso_flow='))!
    .split(';')[0]!;
  nextIdToken = token(url.searchParams.get('nonce')!);
  const req = new IncomingMessage(new Socket());
  req.headers.cookie = cookie;
  const res = new ServerResponse(req);
  const params = new URLSearchParams({ code: 'the-code', state: url.searchParams.get('state')! });
  try {
    await finishSsoSignIn('oidc', { req, res, ip: '192.0.2.44', params });
    return 'signed-in';
  } catch (err) {
    if (err instanceof SsoProblem) return err.failure;
    throw err;
  }
}

const now = () => Math.floor(Date.now() / 1000);
const claims = (nonce: string, email: string, over: Record<string, unknown> = {}) => ({
  iss: issuer,
  aud: CLIENT_ID,
  sub: `sub-${email}`,
  iat: now(),
  exp: now() + 300,
  nonce,
  email,
  email_verified: true,
  ...over,
});
const accountExists = async (email: string) => (await db().select().from(users).where(eq(users.email, email))).length > 0;

describe('the ID token', () => {
  it('signs in when it is signed by the provider and meant for this client', async () => {
    expect(await signInWith((nonce) => jwt(claims(nonce, 'valid@corp.test')))).toBe('signed-in');
    expect(await accountExists('valid@corp.test')).toBe(true);
  });

  it.each([
    ['signed with a key the provider does not publish', (n: string, e: string) => jwt(claims(n, e), stranger.privateKey)],
    ['with its signature cut off', (n: string, e: string) => `${jwt(claims(n, e)).split('.').slice(0, 2).join('.')}.`],
    ['unsigned (alg none)', (n: string, e: string) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims(n, e))}.`],
    ['from another issuer', (n: string, e: string) => jwt(claims(n, e, { iss: 'https://elsewhere.example' }))],
    ['for another client', (n: string, e: string) => jwt(claims(n, e, { aud: 'another-client' }))],
    ['expired', (n: string, e: string) => jwt(claims(n, e, { iat: now() - 3600, exp: now() - 600 }))],
    ['with another nonce', (_n: string, e: string) => jwt(claims('a-nonce-from-another-sign-in', e))],
    ['without a nonce', (n: string, e: string) => jwt(claims(n, e, { nonce: undefined }))],
  ])('is refused when %s, and nobody signs in', async (why, token) => {
    const email = `${why.replace(/\W+/g, '-')}@corp.test`;
    expect(await signInWith((nonce) => token(nonce, email))).toBe('provider');
    expect(await accountExists(email)).toBe(false);
  });
});
