import { anyone, canAdminister } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import {
  ssoProviderInput,
  ssoProviderParams,
  ssoProviderViewSchema,
  ssoSettingsPatch,
  ssoSettingsViewSchema,
  ssoStartInput,
  ssoStartSchema,
} from '../sso-schema';
import { startSsoSignIn } from './sso-flow';
import { changePasswordSignIn, getSsoSettings, removeSsoProvider, saveSsoProvider } from './sso-service';

/** POST /api/v1/auth/sso/{provider}: where to send the browser to sign in through a provider. */
export const ssoStartRoute = route('/api/v1/auth/sso/{provider}', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    query: ssoProviderParams,
    body: ssoStartInput,
    rateLimit: { name: 'sso-start', limit: 30, windowSeconds: 60 },
    summary: 'Start signing in through a single sign-on provider',
    description:
      'Answers the provider’s authorization URL (authorization code with PKCE, state and, for OpenID Connect, a nonce) ' +
      'and sets a short-lived httpOnly cookie that binds the round trip to this browser. The browser then goes to `url`; ' +
      'the provider sends it back to /login/sso/{provider}, which signs it in. 404 when the provider is not set up.',
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
    response: ssoStartSchema,
    handle: async ({ query, body, res }) => json({ url: await startSsoSignIn(query.provider, body.next, res) }),
  }),
});

/** GET and PATCH /api/v1/admin/sso: single sign-on settings, and the password sign-in switch (admins). */
export const adminSsoRoute = route('/api/v1/admin/sso', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    summary: 'Read the single sign-on settings',
    description:
      'The configured providers (never their client secrets), the redirect URIs to register, and whether password sign-in is on.',
    response: ssoSettingsViewSchema,
    handle: async ({ actor }) => json(await getSsoSettings(actor)),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    body: ssoSettingsPatch,
    summary: 'Turn password sign-in on or off',
    description:
      'Off means single sign-on only. Refused (409) unless the admin asking has signed in through an enabled provider. ' +
      'CHORUS_FORCE_PASSWORD_SIGN_IN=1 in the environment turns it back on whatever is stored (recovery). ' +
      'Answers the settings.',
    errors: ['CONFLICT'],
    response: ssoSettingsViewSchema,
    handle: async ({ actor, body, ip }) => json(await changePasswordSignIn(actor, body.passwordSignIn, ip)),
  }),
});

/** PUT and DELETE /api/v1/admin/sso/{provider} (admins). */
export const adminSsoProviderRoute = route('/api/v1/admin/sso/{provider}', {
  PUT: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    query: ssoProviderParams,
    body: ssoProviderInput,
    rateLimit: { name: 'sso-settings', limit: 60, windowSeconds: 3600 },
    summary: 'Configure a single sign-on provider',
    description:
      'oidc needs `issuer` (discovery); google and github have theirs. The client secret is encrypted with CHORUS_SECRET_KEY ' +
      'and never answered; leave it out to keep the stored one. 409 when CHORUS_SECRET_KEY is not set, or when disabling the ' +
      'last enabled provider while password sign-in is off. Answers the provider as saved.',
    errors: ['CONFLICT'],
    response: ssoProviderViewSchema,
    handle: async ({ actor, query, body, ip }) => json(await saveSsoProvider(actor, query.provider, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    query: ssoProviderParams,
    summary: 'Remove a single sign-on provider',
    description:
      'Accounts that signed in through it keep working with any other way they have. 409 while it is the last one and password sign-in is off.',
    errors: ['NOT_FOUND', 'CONFLICT'],
    response: null,
    handle: async ({ actor, query, ip }) => {
      await removeSsoProvider(actor, query.provider, ip);
      return noContent();
    },
  }),
});
