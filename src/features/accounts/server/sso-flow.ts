/**
 * A single sign-on round trip (docs/sso.md, "The flow"): authorization code with PKCE, `state`
 * and (OpenID Connect) `nonce`.
 *
 * Where the round trip's secrets live: server-side, in a single-use `sso_flow` token row (ten
 * minutes), never in the browser. The browser holds only the row's key, in an httpOnly,
 * SameSite=Lax cookie scoped to /login/sso (Lax, so that it comes back on the provider's
 * top-level redirect). The callback uses the row up whatever happens, so a flow is tried once;
 * the `state` the provider returns must match the row's; and only then is the code exchanged
 * (with the PKCE verifier) and the ID token checked (issuer, audience, expiry, nonce, signature).
 * Any instance can finish a flow any instance started.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import * as oidc from 'openid-client';
import { env } from '@/config/env';
import { safeNextPath } from '@/lib/next-path';
import { secretKeyConfigured } from '@/server/crypto/secret-box';
import { db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { enforceRateLimit } from '@/server/http/rate-limit';
import { startSession } from '@/server/identity/sessions';
import { consumeAuthToken, issueAuthToken } from '@/server/identity/tokens';
import { logger } from '@/server/log';
import { AUTH_TOKEN_TTL_SECONDS } from '@/server/identity/lifetimes';
import { SSO_PROVIDERS, type SsoProviderId } from '../enums';
import { accountForSso, SsoProblem, type SsoProfile } from './sso-accounts';
import { GITHUB, ssoConfiguration, ssoRedirectUri } from './sso-client';
import { getSsoProvider, type SsoProviderRow } from './sso-queries';
import { AUTH_LIMITS } from './service';

const secure = () => env().PUBLIC_URL.startsWith('https:');
const flowCookieName = () => (secure() ? '__Secure-chorus_sso_flow' : 'chorus_sso_flow');
const FLOW_COOKIE_PATH = '/login/sso';

function setFlowCookie(res: ServerResponse, value: string, maxAge: number) {
  const cookie = stringifySetCookie({
    name: flowCookieName(),
    value,
    maxAge,
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(),
  });
  const existing = res.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('set-cookie', [...list, cookie]);
}

function readFlowCookie(req: IncomingMessage): string | undefined {
  const value = req.headers.cookie ? parseCookie(req.headers.cookie)[flowCookieName()] : undefined;
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

interface FlowData {
  provider: SsoProviderId;
  state: string;
  nonce: string | null;
  verifier: string;
  next: string;
}

async function enabledProvider(id: SsoProviderId): Promise<SsoProviderRow | null> {
  if (!secretKeyConfigured()) return null;
  const row = await getSsoProvider(db(), id);
  return row?.enabled ? row : null;
}

/** Starts signing in through `id`: answers the provider's authorization URL, and sets the flow cookie. */
export async function startSsoSignIn(id: SsoProviderId, next: string | undefined, res: ServerResponse): Promise<string> {
  const row = await enabledProvider(id);
  if (!row) throw new AppError('NOT_FOUND', 'This sign-in provider is not set up.');
  let config: oidc.Configuration;
  try {
    config = await ssoConfiguration(row);
  } catch (err) {
    logger().warn({ err, provider: id }, 'single sign-on provider discovery failed');
    throw new AppError('UNAVAILABLE', 'The sign-in provider cannot be reached right now. Try again in a moment.');
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const data: FlowData = {
    provider: id,
    state: oidc.randomState(),
    nonce: id === 'github' ? null : oidc.randomNonce(),
    verifier,
    next: safeNextPath(next, '/', env().PUBLIC_URL),
  };
  const key = await issueAuthToken(db(), 'sso_flow', { userId: null, email: '', data: { ...data } });
  setFlowCookie(res, key, AUTH_TOKEN_TTL_SECONDS.sso_flow);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoRedirectUri(id),
    scope: row.scopes,
    state: data.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(data.nonce ? { nonce: data.nonce } : {}),
  });
  return url.href;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The person, from the validated ID token (or the userinfo endpoint when the token carries no email). */
async function oidcProfile(
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<SsoProfile> {
  const claims = tokens.claims();
  if (!claims) throw new SsoProblem('provider');
  let info: Record<string, unknown> = claims;
  if (claims.email === undefined) info = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
  return {
    subject: claims.sub,
    email: str(info.email),
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    name: str(info.name) ?? str(info.preferred_username),
  };
}

/** GitHub (OAuth 2, no ID token): the user and their verified primary address, from its API. */
async function githubProfile(config: oidc.Configuration, accessToken: string): Promise<SsoProfile> {
  const get = async (url: string) => {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'user-agent': 'Chorus' });
    const res = await oidc.fetchProtectedResource(config, accessToken, new URL(url), 'GET', undefined, headers);
    if (!res.ok) throw new SsoProblem('provider');
    return (await res.json()) as unknown;
  };
  const user = (await get(GITHUB.user)) as { id?: unknown; name?: unknown; login?: unknown };
  const emails = (await get(GITHUB.emails)) as { email?: unknown; primary?: unknown; verified?: unknown }[];
  if (typeof user.id !== 'number' || !Array.isArray(emails)) throw new SsoProblem('provider');
  const verified = emails.filter((e) => e.verified === true && typeof e.email === 'string');
  const chosen = verified.find((e) => e.primary === true) ?? verified[0] ?? emails.find((e) => e.primary === true);
  return {
    subject: String(user.id),
    email: str(chosen?.email),
    emailVerified: chosen?.verified === true,
    name: str(user.name) ?? str(user.login),
  };
}

export const isSsoProvider = (v: unknown): v is SsoProviderId => typeof v === 'string' && (SSO_PROVIDERS as readonly string[]).includes(v);

/**
 * Finishes a round trip at the redirect URI: checks the flow, exchanges the code, finds or
 * creates the account and signs this browser in. Answers where to go next; throws SsoProblem.
 */
export async function finishSsoSignIn(
  id: SsoProviderId,
  /** `params`: the redirect's query (code, state, iss, or error). */
  http: { req: IncomingMessage; res: ServerResponse; ip: string; params: URLSearchParams },
): Promise<{ next: string }> {
  try {
    await enforceRateLimit(AUTH_LIMITS.signInPerIp, http.ip);
  } catch {
    throw new SsoProblem('rate_limited');
  }
  const key = readFlowCookie(http.req);
  setFlowCookie(http.res, '', 0);
  const flowRow = key ? await consumeAuthToken(db(), 'sso_flow', key) : undefined;
  const flow = flowRow?.data as Partial<FlowData> | undefined;
  const params = http.params;
  if (!flow || flow.provider !== id || !flow.state || !flow.verifier || params.get('state') !== flow.state) throw new SsoProblem('state');
  if (params.has('error')) throw new SsoProblem('provider');
  const row = await enabledProvider(id);
  if (!row) throw new SsoProblem('unavailable');

  let profile: SsoProfile;
  try {
    const config = await ssoConfiguration(row);
    const current = new URL(ssoRedirectUri(id));
    current.search = params.toString();
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      ...(id === 'github' ? {} : { expectedNonce: flow.nonce ?? undefined, idTokenExpected: true }),
    });
    profile = id === 'github' ? await githubProfile(config, tokens.access_token) : await oidcProfile(config, tokens);
  } catch (err) {
    if (err instanceof SsoProblem) throw err;
    logger().warn({ err, provider: id }, 'single sign-on: the provider did not confirm the sign-in');
    throw new SsoProblem('provider');
  }
  const userId = await accountForSso(id, profile, http.ip);
  await startSession(http.req, http.res, userId, http.ip);
  return { next: flow.next ? safeNextPath(flow.next, '/', env().PUBLIC_URL) : '/' };
}
