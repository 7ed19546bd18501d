/** /api/v1/me and below: the signed-in person's own account. */
import type { Actor, UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { canManageOwnAccount } from '@/core/identity/policy';
import { smtpConfigured } from '@/server/mail/transport';
import {
  accountSchema,
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
  emailChangeSchema,
  localeInput,
  meSchema,
  passwordChangedSchema,
  profileInput,
} from '../schema';
import { accountExportSchema } from '../export-schema';
import { clearSessionCookie } from '@/server/identity/cookies';
import { changePassword, requestEmailChange } from './credentials-service';
import { deleteAccount, exportAccount, setOwnLocale, updateProfile } from './profile-service';

/** canManageOwnAccount lets only signed-in users through; this narrows the type to match. */
function signedIn(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw new AppError('UNAUTHENTICATED');
  return actor;
}

/** PUT /api/v1/me/locale: the language of one's pages and emails (the language picker, the profile settings). */
export const localeRoute = route('/api/v1/me/locale', {
  PUT: endpoint({
    authorize: canManageOwnAccount,
    apiKey: 'session',
    body: localeInput,
    summary: 'Choose your language',
    description:
      'The language of your pages and emails, one of the supported locales; null follows the browser, then the workspace ' +
      'default. Answers the setting.',
    response: localeInput,
    handle: async ({ actor, body }) => json(await setOwnLocale(signedIn(actor), body.locale)),
  }),
});

/** Guessing the current password through these forms is bounded per user. */
const REAUTH_LIMIT = { name: 'account-reauth', limit: 10, windowSeconds: 15 * 60 };

export const meRoute = route('/api/v1/me', {
  /** The signed-in person (401 for visitors). */
  GET: endpoint({
    authorize: canManageOwnAccount,
    apiKey: 'session',
    summary: 'Read your account',
    description:
      'The signed-in person: id, name, email address, avatar, role, whether the address is confirmed, and their language ' +
      'setting (null: chosen per request). 401 for visitors.',
    response: meSchema,
    handle: ({ actor }) => {
      const { id, displayName, email, avatarUrl, role, emailVerified, locale = null } = signedIn(actor);
      return json({ id, displayName, email, avatarUrl, role, emailVerified, locale });
    },
  }),
  /** Display name and avatar link. */
  PATCH: endpoint({
    authorize: canManageOwnAccount,
    apiKey: 'session',
    body: profileInput,
    summary: 'Change your name and avatar',
    description:
      'Sets the display name, and the avatar link when `avatarUrl` is given (an https link to an image on a named host; ' +
      'null or empty removes it). Answers the account. Recorded in the audit log.',
    response: accountSchema,
    handle: async ({ actor, body, ip }) => json(await updateProfile(signedIn(actor), body, ip)),
  }),
  /** Deletes the account (type DELETE to confirm) and signs this browser out. */
  DELETE: endpoint({
    authorize: canManageOwnAccount,
    apiKey: 'session',
    errors: ['LAST_ADMIN'],
    body: deleteAccountInput,
    summary: 'Delete your account',
    description:
      'Send `{"confirm": "DELETE"}`. Erases your personal data (your posts and comments stay, as “Deleted user”), ends every ' +
      'session and emailed link, and signs this browser out. 409 LAST_ADMIN for the only admin.',
    response: null,
    handle: async ({ actor, ip, res }) => {
      await deleteAccount(signedIn(actor), ip);
      clearSessionCookie(res);
      return noContent();
    },
  }),
});

export const changePasswordRoute = route('/api/v1/me/password', {
  POST: endpoint({
    authorize: canManageOwnAccount,
    apiKey: 'session',
    body: changePasswordInput,
    rateLimit: REAUTH_LIMIT,
    summary: 'Change your password',
    description:
      'Needs `currentPassword` when the account has a password; an account without one sets its first. Every other session ' +
      'of the account ends; this one stays. A wrong current password is 422 on that field.',
    response: passwordChangedSchema,
    handle: async ({ actor, body, ip }) => {
      await changePassword(signedIn(actor), body, ip);
      return json({ status: 'changed' });
    },
  }),
});

export const changeEmailRoute = route('/api/v1/me/email', {
  POST: endpoint({
    authorize: canManageOwnAccount,
    apiKey: 'session',
    body: changeEmailInput,
    rateLimit: REAUTH_LIMIT,
    summary: 'Change your email address',
    description:
      'Needs your password. A single-use confirmation link goes to the new address (`pendingEmail`); the account keeps its ' +
      'current address until the link is followed. `ask-admin` when the workspace cannot send email (the link waits in the outbox).',
    response: emailChangeSchema,
    handle: async ({ actor, body, ip }) => {
      const { pendingEmail } = await requestEmailChange(signedIn(actor), body, ip);
      // Without SMTP the confirmation link waits in the outbox: the answer does not claim an email.
      return json({ status: smtpConfigured() ? 'check-email' : 'ask-admin', pendingEmail }, 202);
    },
  }),
});

export const exportRoute = route('/api/v1/me/export', {
  GET: endpoint({
    authorize: canManageOwnAccount,
    apiKey: 'session',
    summary: 'Download your data',
    description:
      'Everything Chorus keeps about you, as a JSON attachment (chorus-account-<date>.json): profile, notification settings, ' +
      'sessions, linked sign-in providers, and your posts, comments and votes. No password or token hashes.',
    response: accountExportSchema,
    handle: async ({ actor }) => {
      const data = await exportAccount(signedIn(actor));
      const day = data.exportedAt.slice(0, 10);
      return json(data, 200, { 'content-disposition': `attachment; filename="chorus-account-${day}.json"` });
    },
  }),
});
