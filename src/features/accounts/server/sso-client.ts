/**
 * The OAuth 2 / OpenID Connect client (openid-client, an OpenID-certified relying party
 * library) for each configured provider: OpenID Connect providers by issuer discovery, GitHub
 * (OAuth 2 only) by its fixed endpoints. ID token signatures are checked against the issuer's
 * keys (enableNonRepudiationChecks), on top of issuer, audience, expiry and nonce.
 *
 * A configuration is cached per instance for an hour, keyed by the row's `updated_at`, so an
 * instance never uses settings older than the ones another instance saved. Plain http issuers
 * are accepted on loopback only (a provider on the same machine, and the e2e suite).
 *
 * The issuer is a URL an admin types, and any visitor makes the server fetch it: everything the
 * client fetches (discovery, token, keys, userinfo, GitHub's API) goes through the outbound guard
 * webhooks use (src/server/net/ssrf.ts), and the issuer is checked when saved as well. Internal
 * providers need the operator's CHORUS_SSO_ALLOW_HOSTS (docs/decisions/059).
 */
import * as oidc from 'openid-client';
import { env } from '@/config/env';
import type { ErrorReason } from '@/lib/error-codes';
import { open } from '@/server/crypto/secret-box';
import { guardedFetch } from '@/server/net/guarded-fetch';
import { parseAllowList, urlRefusalOf, type OutboundPolicy } from '@/server/net/ssrf';
import type { SsoProviderId } from '../enums';
import type { SsoProviderRow } from './sso-queries';

export const GITHUB = {
  issuer: 'https://github.com/login/oauth',
  authorize: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  user: 'https://api.github.com/user',
  emails: 'https://api.github.com/user/emails',
} as const;

const TTL_MS = 60 * 60 * 1000;

/** Where a provider sends the browser back: register this URI at the provider. */
export const ssoRedirectUri = (id: SsoProviderId): string => `${env().PUBLIC_URL}/login/sso/${id}`;

/** What a sealed secret is bound to (secret-box.ts): its provider slot. */
export const secretContext = (id: SsoProviderId): string => `sso_providers:${id}:client_secret`;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** https anywhere; plain http only for a provider on this machine. */
export function issuerAllowed(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/**
 * Where the client may connect: public addresses, and what the operator allows in
 * CHORUS_SSO_ALLOW_HOSTS. Plain http passes the guard because it is decided before it: an issuer
 * is http on loopback only (issuerAllowed), and openid-client refuses http endpoints otherwise.
 */
export function ssoOutboundPolicy(): OutboundPolicy {
  return { ...parseAllowList(env().CHORUS_SSO_ALLOW_HOSTS), allowHttp: true };
}

/** Why an issuer may not be saved (its host is, or resolves to, an address the guard refuses), or null. */
export async function issuerRefusal(issuer: string): Promise<{ message: string; reason?: ErrorReason } | null> {
  const refusal = await urlRefusalOf(issuer, ssoOutboundPolicy());
  if (!refusal) return null;
  const reasons: Partial<Record<ErrorReason, ErrorReason>> = {
    webhookUrlNonPublic: 'ssoIssuerNonPublic',
    webhookUrlMetadata: 'ssoIssuerNonPublic',
    webhookUrlUnresolved: 'ssoIssuerUnresolved',
  };
  const reason = reasons[refusal.reason];
  return { message: refusal.message, ...(reason ? { reason } : {}) };
}

type SecretMethod = 'client_secret_basic' | 'client_secret_post';

/**
 * How the client sends its secret to the token endpoint, from the provider's discovery document:
 * in the body when the provider lists client_secret_post (what Chorus always did, and what some
 * providers' clients are registered for), else HTTP Basic, which is also the specification's
 * default when the provider lists nothing (docs/decisions/059).
 */
export function secretMethodFor(server: Pick<oidc.ServerMetadata, 'token_endpoint_auth_methods_supported'>): SecretMethod {
  return server.token_endpoint_auth_methods_supported?.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

/** Client authentication that picks its method from the discovered metadata, at each request. */
function secretAuthentication(secret: string): oidc.ClientAuth {
  const methods: Record<SecretMethod, oidc.ClientAuth> = {
    client_secret_basic: oidc.ClientSecretBasic(secret),
    client_secret_post: oidc.ClientSecretPost(secret),
  };
  return (server, client, body, headers) => methods[secretMethodFor(server)](server, client, body, headers);
}

const KEY = Symbol.for('chorus.sso-configurations');
type Cached = { version: number; at: number; config: Promise<oidc.Configuration> };
const cache = (): Map<SsoProviderId, Cached> => {
  const g = globalThis as typeof globalThis & { [KEY]?: Map<SsoProviderId, Cached> };
  g[KEY] ??= new Map();
  return g[KEY];
};

export function forgetSsoConfiguration(id: SsoProviderId): void {
  cache().delete(id);
}

async function build(row: SsoProviderRow): Promise<oidc.Configuration> {
  const secret = open(row.clientSecretSealed, secretContext(row.id));
  const fetch: oidc.CustomFetch = guardedFetch(ssoOutboundPolicy());
  if (row.id === 'github') {
    const config = new oidc.Configuration(
      { issuer: GITHUB.issuer, authorization_endpoint: GITHUB.authorize, token_endpoint: GITHUB.token },
      row.clientId,
      secret,
    );
    config[oidc.customFetch] = fetch;
    return config;
  }
  const issuer = new URL(row.issuer ?? '');
  const execute = [oidc.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [])];
  if (!issuerAllowed(issuer.href)) throw new Error('the issuer must use https');
  return oidc.discovery(issuer, row.clientId, secret, secretAuthentication(secret), { execute, timeout: 10, [oidc.customFetch]: fetch });
}

/** The client configuration of a provider row (discovered at most once an hour per instance). */
export async function ssoConfiguration(row: SsoProviderRow): Promise<oidc.Configuration> {
  const version = row.updatedAt.getTime();
  const hit = cache().get(row.id);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.config;
  const config = build(row);
  cache().set(row.id, { version, at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => {
    if (cache().get(row.id)?.config === config) cache().delete(row.id);
  });
  return config;
}
