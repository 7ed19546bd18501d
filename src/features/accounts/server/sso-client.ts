/**
 * The OAuth 2 / OpenID Connect client (openid-client, an OpenID-certified relying party
 * library) for each configured provider: OpenID Connect providers by issuer discovery, GitHub
 * (OAuth 2 only) by its fixed endpoints. ID token signatures are checked against the issuer's
 * keys (enableNonRepudiationChecks), on top of issuer, audience, expiry and nonce.
 *
 * A configuration is cached per instance for an hour, keyed by the row's `updated_at`, so an
 * instance never uses settings older than the ones another instance saved. Plain http issuers
 * are accepted on loopback only (a provider on the same machine, and the e2e suite).
 */
import * as oidc from 'openid-client';
import { env } from '@/config/env';
import { open } from '@/server/crypto/secret-box';
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
  if (row.id === 'github') {
    return new oidc.Configuration(
      { issuer: GITHUB.issuer, authorization_endpoint: GITHUB.authorize, token_endpoint: GITHUB.token },
      row.clientId,
      secret,
    );
  }
  const issuer = new URL(row.issuer ?? '');
  const execute = [oidc.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [])];
  if (!issuerAllowed(issuer.href)) throw new Error('the issuer must use https');
  return oidc.discovery(issuer, row.clientId, secret, undefined, { execute, timeout: 10 });
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
