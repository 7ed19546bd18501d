import type { IncomingMessage, ServerResponse } from 'node:http';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, noContent, route, type ApiPath } from '@/server/http/route';
import {
  emailOnlyInput,
  emailSentSchema,
  linkSignInSchema,
  resetPasswordInput,
  signedInSchema,
  signInInput,
  signUpInput,
  signUpResultSchema,
  tokenInput,
  type EmailOutcome,
} from '../schema';
import { consumeMagicLink, requestMagicLink, requestPasswordReset, resetPassword, signIn, signUp, verifyEmail } from './service';
import { endSession } from '@/server/identity/sessions';

const SSO_ONLY_DOC = ' FORBIDDEN while the workspace signs in through single sign-on only (docs/sso.md).';

const EMAIL_ANSWER_DOC =
  'Answers `check-email` when the workspace sends email, or `ask-admin` when it has no SMTP server configured ' +
  '(the email then waits in the outbox for an admin).';

export const signUpRoute = route('/api/v1/auth/sign-up', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    body: signUpInput,
    summary: 'Create an account',
    description:
      `202 with the same answer whether or not the address has an account, when the workspace requires ` +
      `a confirmed email (the account is created, or its owner told, in the background). ${EMAIL_ANSWER_DOC} 201 ` +
      `\`signed-in\` with a valid invitation, or when the workspace does not require a confirmed email; an address that has an account is then 409.`,
    errors: ['FORBIDDEN', 'CONFLICT', 'TOKEN_INVALID'],
    response: signUpResultSchema,
    handle: async ({ body, req, res, ip }) => {
      const status = await signUp(body, { req, res, ip });
      return json({ status }, status === 'signed-in' ? 201 : 202);
    },
  }),
});

export const signInRoute = route('/api/v1/auth/sign-in', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    body: signInInput,
    summary: 'Sign in with a password',
    description:
      'Checks the email address and password and signs this browser in (a session cookie). INVALID_CREDENTIALS does not say ' +
      'which of the two was wrong. FORBIDDEN when the address is not confirmed yet and the workspace requires it (a new ' +
      'confirmation link is queued), or while the workspace signs in through single sign-on only (docs/sso.md).',
    errors: ['INVALID_CREDENTIALS', 'ACCOUNT_BANNED', 'FORBIDDEN'],
    response: signedInSchema,
    handle: async ({ body, req, res, ip }) => {
      await signIn(body, { req, res, ip });
      return json({ status: 'signed-in' });
    },
  }),
});

export const signOutRoute = route('/api/v1/auth/sign-out', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    summary: 'Sign out',
    description:
      'Ends this browser’s session and clears its cookie; other sessions of the account go on. 204 also when no one was signed in.',
    response: null,
    handle: async ({ req, res }) => {
      await endSession(req, res);
      return noContent();
    },
  }),
});

/** Single-use emailed links: limited per source so tokens cannot be guessed by volume. */
const TOKEN_USE = { name: 'token-use', limit: 30, windowSeconds: 60 };

/** "Email me a link": always 202 with the same answer, whether or not the address has an account. */
const emailRequestRoute = (path: ApiPath, send: (email: string, ip: string) => Promise<EmailOutcome>, summary: string) =>
  route(path, {
    POST: endpoint({
      authorize: anyone,
      apiKey: 'session',
      openToVisitors: true,
      body: emailOnlyInput,
      summary,
      description: `Always 202, with the same answer whether or not the address has an account. ${EMAIL_ANSWER_DOC}${SSO_ONLY_DOC}`,
      errors: ['FORBIDDEN'],
      response: emailSentSchema,
      handle: async ({ body, ip }) => json({ status: await send(body.email, ip) }, 202),
    }),
  });

/**
 * Following an emailed link that signs the person in (verification, magic link). The link proves
 * the address: `passwordCleared` says that a password set by someone who never proved it was
 * removed (and every other session ended), so the person knows to set one.
 */
const tokenSignInRoute = (
  path: ApiPath,
  follow: (token: string, http: { req: IncomingMessage; res: ServerResponse; ip: string }) => Promise<{ passwordCleared: boolean }>,
  summary: string,
  /** Refused (FORBIDDEN) while the workspace signs in through single sign-on only. */
  ssoOnlyRefuses: boolean,
) =>
  route(path, {
    POST: endpoint({
      authorize: anyone,
      apiKey: 'session',
      openToVisitors: true,
      body: tokenInput,
      rateLimit: TOKEN_USE,
      summary,
      description:
        'Signs this browser in. `passwordCleared: true` when the address was confirmed for the first time by ' +
        "someone other than the browser that set the account's password: that password was removed and every other session ended." +
        (ssoOnlyRefuses ? SSO_ONLY_DOC : ''),
      errors: ['TOKEN_INVALID', 'ACCOUNT_BANNED', 'CONFLICT', ...(ssoOnlyRefuses ? (['FORBIDDEN'] as const) : [])],
      response: linkSignInSchema,
      handle: async ({ body, req, res, ip }) => {
        const { passwordCleared } = await follow(body.token, { req, res, ip });
        return json({ status: 'signed-in', passwordCleared });
      },
    }),
  });

export const verifyEmailRoute = tokenSignInRoute(
  '/api/v1/auth/verify-email',
  verifyEmail,
  'Confirm an email address from its emailed link',
  false,
);
export const consumeMagicLinkRoute = tokenSignInRoute(
  '/api/v1/auth/magic-link/consume',
  consumeMagicLink,
  'Sign in with an emailed link',
  true,
);
export const forgotPasswordRoute = emailRequestRoute('/api/v1/auth/forgot-password', requestPasswordReset, 'Ask for a password reset link');
export const magicLinkRoute = emailRequestRoute('/api/v1/auth/magic-link', requestMagicLink, 'Ask for a sign-in link');

export const resetPasswordRoute = route('/api/v1/auth/reset-password', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    errors: ['TOKEN_INVALID', 'FORBIDDEN'],
    openToVisitors: true,
    body: resetPasswordInput,
    summary: 'Set a new password with an emailed reset link',
    description:
      'Sets the new password, confirms the address (the link proves it), ends every session of the account and signs this ' +
      `browser in. TOKEN_INVALID for a used, expired or unknown link.${SSO_ONLY_DOC}`,
    response: signedInSchema,
    rateLimit: TOKEN_USE,
    handle: async ({ body, req, res, ip }) => {
      await resetPassword(body.token, body.password, { req, res, ip });
      return json({ status: 'signed-in' });
    },
  }),
});
