import { anyone, canAdminister } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { identifyInput, identifyResultSchema, identifySecretSchema, identifySettingsSchema } from '../schema';
import { getIdentifySettings, rotateIdentifySecret } from './secret-service';
import { IDENTIFY_RATE_LIMIT, signInWithIdentifyToken } from './service';

/**
 * POST /api/v1/auth/identify: signs in the person a host-signed identify token names, with a
 * session cookie like every sign-in. The same exchange as the /sso link, for a page of this
 * board's own origin (the widget's panel): a JSON body under the usual same-origin CSRF check.
 */
export const identifyRoute = route('/api/v1/auth/identify', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    body: identifyInput,
    rateLimit: IDENTIFY_RATE_LIMIT,
    summary: 'Sign in with an identify token',
    description:
      'The token is a JWT the host product signs with the workspace identify secret (HS256, `aud` the board’s public URL, ' +
      'at most 10 minutes between `iat` and `exp`, a `jti` used once; see docs/identify.md). The person is found by external id, ' +
      'then by email, or created as a member without a password; their company is recorded. Answers who was signed in, and ' +
      'whether their account was created now. TOKEN_INVALID names what is wrong ' +
      'with the token; NOT_FOUND when no identify secret exists; FORBIDDEN for a team member’s address or one linked to another ' +
      'external id.',
    errors: ['TOKEN_INVALID', 'ACCOUNT_BANNED', 'FORBIDDEN', 'NOT_FOUND'],
    response: identifyResultSchema,
    handle: async ({ body, req, res, ip }) => {
      const { status, user } = await signInWithIdentifyToken(body.token, { req, res, ip });
      return json({ status, user });
    },
  }),
});

/** GET /api/v1/admin/identify: whether an identify secret exists and what tokens must carry (never the secret). Admins. */
export const identifySettingsRoute = route('/api/v1/admin/identify', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    summary: 'Read the identify set-up',
    description: 'Whether an identify secret exists and since when, and the audience, algorithm and lifetime tokens must have.',
    response: identifySettingsSchema,
    handle: async () => json(await getIdentifySettings()),
  }),
});

/** POST /api/v1/admin/identify/secret: a new identify secret, answered once; the old one stops working. Admins, signed in. */
export const identifySecretRoute = route('/api/v1/admin/identify/secret', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'session',
    rateLimit: { name: 'identify-secret', limit: 20, windowSeconds: 3600 },
    summary: 'Create or replace the identify secret',
    description:
      'Answers the new secret; this is the only time it is shown. Tokens signed with the previous secret are refused from now on.',
    response: identifySecretSchema,
    handle: async ({ actor, ip }) => json(await rotateIdentifySecret(actor, ip)),
  }),
});
