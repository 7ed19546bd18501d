import type { IncomingMessage, ServerResponse } from 'node:http';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { emailOnlyInput, resetPasswordInput, setupInput, signInInput, signUpInput, tokenInput } from '../schema';
import { consumeMagicLink, requestMagicLink, requestPasswordReset, resetPassword, signIn, signUp, verifyEmail } from './service';
import { endSession, startSession } from '@/server/identity/sessions';
import { seedDemoInBackground } from '@/server/demo/background';
import { completeSetup } from './setup';

/** The same answer whether or not the address has an account (no enumeration). */
const CHECK_EMAIL = { status: 'check-email' } as const;

export const setupRoute = route({
  POST: endpoint({
    authorize: anyone,
    openToVisitors: true,
    body: setupInput,
    rateLimit: { name: 'setup', limit: 10, windowSeconds: 60 },
    handle: async ({ body, req, res, ip }) => {
      const { userId } = await completeSetup(body, ip);
      await startSession(req, res, userId, ip);
      // The admin does not wait for the demo data: it arrives in the background (logged when done).
      if (body.demoData) void seedDemoInBackground();
      return json({ status: 'done' }, 201);
    },
  }),
});

export const signUpRoute = route({
  POST: endpoint({
    authorize: anyone,
    openToVisitors: true,
    body: signUpInput,
    handle: async ({ body, req, res, ip }) => {
      const { signedIn } = await signUp(body, { req, res, ip });
      return json(signedIn ? { status: 'signed-in' } : CHECK_EMAIL, signedIn ? 201 : 202);
    },
  }),
});

export const signInRoute = route({
  POST: endpoint({
    authorize: anyone,
    openToVisitors: true,
    body: signInInput,
    handle: async ({ body, req, res, ip }) => {
      await signIn(body, { req, res, ip });
      return json({ status: 'signed-in' });
    },
  }),
});

export const signOutRoute = route({
  POST: endpoint({
    authorize: anyone,
    openToVisitors: true,
    handle: async ({ req, res }) => {
      await endSession(req, res);
      return noContent();
    },
  }),
});

/** Single-use emailed links: limited per source so tokens cannot be guessed by volume. */
const TOKEN_USE = { name: 'token-use', limit: 30, windowSeconds: 60 };

/** "Email me a link": always 202, whether or not the address has an account. */
const emailRequestRoute = (send: (email: string, ip: string) => Promise<void>) =>
  route({
    POST: endpoint({
      authorize: anyone,
      openToVisitors: true,
      body: emailOnlyInput,
      handle: async ({ body, ip }) => {
        await send(body.email, ip);
        return json(CHECK_EMAIL, 202);
      },
    }),
  });

/** Following an emailed link that signs the person in (verification, magic link). */
const tokenSignInRoute = (follow: (token: string, http: { req: IncomingMessage; res: ServerResponse; ip: string }) => Promise<void>) =>
  route({
    POST: endpoint({
      authorize: anyone,
      openToVisitors: true,
      body: tokenInput,
      rateLimit: TOKEN_USE,
      handle: async ({ body, req, res, ip }) => {
        await follow(body.token, { req, res, ip });
        return json({ status: 'signed-in' });
      },
    }),
  });

export const verifyEmailRoute = tokenSignInRoute(verifyEmail);
export const consumeMagicLinkRoute = tokenSignInRoute(consumeMagicLink);
export const forgotPasswordRoute = emailRequestRoute(requestPasswordReset);
export const magicLinkRoute = emailRequestRoute(requestMagicLink);

export const resetPasswordRoute = route({
  POST: endpoint({
    authorize: anyone,
    openToVisitors: true,
    body: resetPasswordInput,
    rateLimit: TOKEN_USE,
    handle: async ({ body, req, res, ip }) => {
      await resetPassword(body.token, body.password, { req, res, ip });
      return json({ status: 'signed-in' });
    },
  }),
});
