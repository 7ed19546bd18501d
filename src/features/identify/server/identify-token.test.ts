/**
 * Identify tokens (docs/identify.md): every check of the exchange, through the API route over HTTP
 * and through the exchange itself (the /sso page and the API share it): the algorithm (HS256 only,
 * `none` refused), the signature, expiry with its clock skew, the longest lifetime, the audience,
 * the single use of a `jti` across instances, a replaced secret, and what a token must carry.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { identifyTokenUses, rateLimits, sessions, signingKeys, users } from '@/server/db/schema';
import { signTestIdentifyToken, unsignedIdentifyToken, installIdentifySecret } from '@/test/identify';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { IDENTIFY_CLOCK_SKEW_SECONDS, IDENTIFY_MAX_LIFETIME_SECONDS } from '../schema';
import { identifyRoute } from './handlers';
import { pruneTokenUses, putIdentifySecret } from './queries';
import { identifyFailureOf, identifyPerson } from './service';

useTestDatabase();

let secret: string;
beforeEach(async () => {
  await db().delete(rateLimits);
  secret = await installIdentifySecret();
});

let n = 0;
const person = () => {
  n += 1;
  return { sub: `cust-${n}-${Date.now()}`, email: `person-${n}-${Date.now()}@example.test`, name: `Person ${n}` };
};
const now = () => Math.floor(Date.now() / 1000);

/** The reason the exchange refuses a token, or 'accepted'. */
async function outcome(token: string): Promise<string> {
  try {
    await identifyPerson(token);
    return 'accepted';
  } catch (err) {
    const reason = identifyFailureOf(err);
    if (!reason) throw err;
    return reason;
  }
}

const post = (token: string) => callRoute(identifyRoute, { method: 'POST', body: { token }, origin: 'self' });

describe('POST /api/v1/auth/identify', () => {
  it('signs a host-signed person in with a session cookie, and answers who', async () => {
    const claims = person();
    const res = await post(await signTestIdentifyToken(secret, claims));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'signed-in', user: { displayName: claims.name, created: true } });
    expect(res.headers.get('set-cookie')).toMatch(/chorus_session=[A-Za-z0-9_-]{20,}/);
    const [user] = await db().select().from(users).where(eq(users.email, claims.email));
    expect(user).toMatchObject({ externalId: claims.sub, role: 'member', passwordHash: null });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
  });

  it('answers a refused token as TOKEN_INVALID with its reason, and signs nobody in', async () => {
    const res = await post(await signTestIdentifyToken(secret, person(), { iat: now() - 900, exp: now() - 600 }));
    expect(res.status).toBe(410);
    expect(res.json.error?.code).toBe('TOKEN_INVALID');
    expect(res.json.error?.message).toMatch(/expired/);
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/chorus_session=[A-Za-z0-9]/);
  });

  it('refuses a cross-site request (CSRF): the page that sends it must be the board’s own', async () => {
    const res = await callRoute(identifyRoute, {
      method: 'POST',
      body: { token: await signTestIdentifyToken(secret, person()) },
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });

  it('is NOT_FOUND while the workspace has no identify secret', async () => {
    const token = await signTestIdentifyToken(secret, person());
    await db().delete(signingKeys).where(eq(signingKeys.purpose, 'identify'));
    const res = await post(token);
    expect(res.status).toBe(404);
    expect(res.json.error?.message).toMatch(/identify secret/);
  });

  it('is rate-limited per source', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await post('not-a-token')).status;
    expect(last).toBe(429);
  });
});

describe('the checks of a token', () => {
  it('pins the algorithm: `none` and other algorithms are refused, even with the right secret', async () => {
    expect(await outcome(unsignedIdentifyToken(person()))).toBe('algorithm');
    expect(await outcome(await signTestIdentifyToken(secret, person(), { alg: 'HS512' }))).toBe('algorithm');
    expect(await outcome(await signTestIdentifyToken(secret, person(), { alg: 'HS384' }))).toBe('algorithm');
    expect(await outcome(await signTestIdentifyToken(secret, person()))).toBe('accepted');
  });

  it('refuses a bad signature and anything that is not a JWT', async () => {
    expect(await outcome(await signTestIdentifyToken('idsec_another-secret-entirely-000000000000000', person()))).toBe('bad_signature');
    const good = await signTestIdentifyToken(secret, person());
    const [h, p, s] = good.split('.');
    const tampered = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    tampered.email = 'someone-else@example.test';
    expect(await outcome(`${h}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${s}`)).toBe('bad_signature');
    expect(await outcome('not-a-token')).toBe('malformed');
    expect(await outcome('')).toBe('missing');
  });

  it('refuses an expired token, within the clock skew too', async () => {
    const t = now();
    expect(await outcome(await signTestIdentifyToken(secret, person(), { iat: t - 400, exp: t - 5 }))).toBe('accepted');
    const pastSkew = await signTestIdentifyToken(secret, person(), { iat: t - 400, exp: t - IDENTIFY_CLOCK_SKEW_SECONDS - 5 });
    expect(await outcome(pastSkew)).toBe('expired');
  });

  it('accepts a host clock a little ahead, and refuses one too far ahead', async () => {
    const t = now();
    expect(await outcome(await signTestIdentifyToken(secret, person(), { iat: t + 30, exp: t + 330 }))).toBe('accepted');
    const ahead = await signTestIdentifyToken(secret, person(), { iat: t + IDENTIFY_CLOCK_SKEW_SECONDS + 60, exp: t + 400 });
    expect(await outcome(ahead)).toBe('not_yet_valid');
  });

  it('refuses a token that lives longer than 10 minutes, or lacks iat, exp or jti', async () => {
    const t = now();
    expect(await outcome(await signTestIdentifyToken(secret, person(), { iat: t, exp: t + IDENTIFY_MAX_LIFETIME_SECONDS }))).toBe(
      'accepted',
    );
    const long = await signTestIdentifyToken(secret, person(), { iat: t, exp: t + IDENTIFY_MAX_LIFETIME_SECONDS + 1 });
    expect(await outcome(long)).toBe('too_long_lived');
    expect(await outcome(await signTestIdentifyToken(secret, person(), { iat: null }))).toBe('claims');
    expect(await outcome(await signTestIdentifyToken(secret, person(), { exp: null }))).toBe('claims');
    expect(await outcome(await signTestIdentifyToken(secret, person(), { jti: null }))).toBe('claims');
  });

  it('refuses a token made for another board (audience), or for none', async () => {
    expect(await outcome(await signTestIdentifyToken(secret, person(), { audience: 'https://other-board.example' }))).toBe('audience');
    expect(await outcome(await signTestIdentifyToken(secret, person(), { audience: null }))).toBe('audience');
  });

  it('refuses a token without an external id or a valid email', async () => {
    const { email, name } = person();
    expect(await outcome(await signTestIdentifyToken(secret, { email, name }))).toBe('claims');
    expect(await outcome(await signTestIdentifyToken(secret, { ...person(), email: 'not an address' }))).toBe('claims');
    expect(await outcome(await signTestIdentifyToken(secret, { ...person(), sub: undefined, externalId: 77 }))).toBe('accepted');
  });

  it('uses a jti once, across instances: the database decides, so two at once give one sign-in', async () => {
    const token = await signTestIdentifyToken(secret, person());
    const results = await Promise.all([
      outcome(token),
      outcome(token),
      post(token).then((r) => (r.status === 200 ? 'accepted' : 'refused')),
    ]);
    expect(results.filter((r) => r === 'accepted')).toHaveLength(1);
    expect(await outcome(token)).toBe('replayed');
    const replay = await post(token);
    expect(replay.status).toBe(410);
    expect(replay.json.error?.message).toMatch(/already used/);
  });

  it('forgets used jtis only once their token has expired (pruning)', async () => {
    const t = now();
    const token = await signTestIdentifyToken(secret, person(), { iat: t - 100, exp: t + 100, jti: `prune-${t}` });
    expect(await outcome(token)).toBe('accepted');
    await pruneTokenUses(db());
    expect(await outcome(token)).toBe('replayed');
    const [row] = await db()
      .select()
      .from(identifyTokenUses)
      .where(eq(identifyTokenUses.jti, `prune-${t}`));
    expect(row!.expiresAt.getTime()).toBe((t + 100 + IDENTIFY_CLOCK_SKEW_SECONDS) * 1000);
    await pruneTokenUses(db(), new Date((t + 100 + IDENTIFY_CLOCK_SKEW_SECONDS + 1) * 1000));
    expect(
      await db()
        .select()
        .from(identifyTokenUses)
        .where(eq(identifyTokenUses.jti, `prune-${t}`)),
    ).toHaveLength(0);
  });

  it('refuses tokens signed with a replaced secret at once', async () => {
    const old = await signTestIdentifyToken(secret, person());
    await putIdentifySecret(db(), 'idsec_the-new-secret-after-rotation-0000000000');
    expect(await outcome(old)).toBe('bad_signature');
    expect(await outcome(await signTestIdentifyToken('idsec_the-new-secret-after-rotation-0000000000', person()))).toBe('accepted');
  });
});
