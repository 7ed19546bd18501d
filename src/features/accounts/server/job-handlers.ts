/**
 * The account flows' background work: everything that depends on whether an address has an
 * account. The requests (sign-up, "forgot password", "email me a link") do the same steps for
 * every address and enqueue one of these jobs; what differs happens here, after the answer, so
 * neither the answer nor its timing tells who has an account (docs/decisions/013-no-account-enumeration.md).
 */
import { z } from 'zod';
import { getPublicWorkspace } from '@/server/workspace';
import type { Tx } from '@/server/db/client';
import { jobHandler, kickJobs, type JobHandlers } from '@/server/jobs/queue';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import { emailSchema } from '../schema';
import { LOCALES } from '@/core/i18n/locales';
import { accountEmails } from './emails';
import { getUserByEmail } from './queries';
import { createAccount, sendConfirmationLink } from './registration';
import { issueAuthToken } from '@/server/identity/tokens';

export const ACCOUNT_JOB_KINDS = {
  signUp: 'accounts.sign_up',
  passwordReset: 'accounts.password_reset',
  magicLink: 'accounts.magic_link',
} as const;

/** A sign-up that waits for its address to be confirmed. The password arrives hashed, never in clear. */
export const signUpJobPayload = z.object({
  email: emailSchema,
  displayName: z.string(),
  passwordHash: z.string(),
  /** Hash of the nonce cookie given to the browser that signed up (address-proof.ts). */
  setterNonceHash: z.string(),
  ip: z.string(),
  /** The language the person signed up in (their browser's); the confirmation email is written in it. */
  locale: z.enum(LOCALES).optional(),
});
export type SignUpJobPayload = z.infer<typeof signUpJobPayload>;

const addressPayload = z.object({ email: emailSchema });

/** Who the emails are from, and the language for a recipient without a setting of their own. */
const sender = async (tx: Tx) => {
  const { name, accentColor, defaultLocale } = await getPublicWorkspace(tx);
  return { from: { name, accentColor }, defaultLocale };
};

/**
 * A new address gets its account (unconfirmed) and a confirmation link; an address that already
 * has an account gets an email saying so, and nothing else changes.
 */
async function completeSignUp(p: SignUpJobPayload, tx: Tx): Promise<void> {
  const { from, defaultLocale } = await sender(tx);
  const existing = await getUserByEmail(tx, p.email);
  if (existing) {
    // In the account's language (its setting, else the workspace default), not the sign-up page's.
    await enqueueEmail(accountEmails.alreadyRegistered(p.email, from, existing.locale ?? defaultLocale), tx);
    return;
  }
  // A sign-up racing this one for the address fails here on the unique index; the job is then
  // retried and finds the account.
  const user = await createAccount(tx, {
    email: p.email,
    displayName: p.displayName,
    passwordHash: p.passwordHash,
    role: 'member',
    verified: false,
    ip: p.ip,
  });
  await sendConfirmationLink(
    tx,
    { userId: user.id, email: p.email, setterNonceHash: p.setterNonceHash },
    { sender: from, locale: p.locale ?? defaultLocale },
  );
}

/** A reset or sign-in link, for an account that exists and is not banned; otherwise nothing. */
async function sendLink(kind: 'reset_password' | 'magic_link', email: string, tx: Tx): Promise<void> {
  const user = await getUserByEmail(tx, email);
  if (!user || user.bannedAt) return;
  const token = await issueAuthToken(tx, kind, { userId: user.id, email: user.email });
  const { from, defaultLocale } = await sender(tx);
  // In the recipient's language: their own setting, else the workspace default.
  const locale = user.locale ?? defaultLocale;
  await enqueueEmail(
    kind === 'reset_password'
      ? accountEmails.resetPassword(user.email, from, token, locale)
      : accountEmails.magicLink(user.email, from, token, locale),
    tx,
  );
}

export const accountJobs: JobHandlers = {
  [ACCOUNT_JOB_KINDS.signUp]: jobHandler(signUpJobPayload, async (p, { tx, afterCommit }) => {
    await completeSignUp(p, tx);
    afterCommit(kickEmailDelivery);
  }),
  [ACCOUNT_JOB_KINDS.passwordReset]: jobHandler(addressPayload, async ({ email }, { tx, afterCommit }) => {
    await sendLink('reset_password', email, tx);
    afterCommit(kickEmailDelivery);
  }),
  [ACCOUNT_JOB_KINDS.magicLink]: jobHandler(addressPayload, async ({ email }, { tx, afterCommit }) => {
    await sendLink('magic_link', email, tx);
    afterCommit(kickEmailDelivery);
  }),
};

/**
 * Runs the account jobs just enqueued, once this request has answered: one run of every
 * feature's registered handlers (a second run with only these would race it for the same rows).
 */
export const kickAccountJobs = () => kickJobs();
