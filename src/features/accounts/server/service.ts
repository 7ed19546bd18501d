/**
 * Account flows: sign-up, verification, sign-in, password reset, magic links, invitations.
 *
 * None of them reveals whether an email address has an account. Sign-up, "forgot password" and
 * "email me a link" do the same work for every address (rate limits, the password hash, one job
 * row) and answer; what depends on the address happens in a background job (jobs.ts), and its
 * result goes by email to the address's owner. Two answers differ by nature and are exceptions:
 * an accepted invitation signs in at once, and so does a new address when the workspace does not
 * require a confirmed email (docs/decisions/014-email-confirmation-setting.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '@/features/audit/server/service';
import { getPublicWorkspace } from '@/server/workspace';
import { emailConfirmationRequired } from '@/core/workspace';
import { db } from '@/server/db/client';
import { users, workspaceSettings } from '@/server/db/schema';
import { AppError, isUniqueViolation } from '@/server/http/errors';
import { enforceRateLimit, type RateLimitRule } from '@/server/http/rate-limit';
import { enqueueJob } from '@/server/jobs/queue';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import { type EmailOutcome, type SignUpOutcome, type signUpInput } from '../schema';
import type { Role } from '@/core/identity/roles';
import { smtpConfigured } from '@/server/mail/transport';
import { AUTH_TOKEN_TTL_SECONDS } from '@/server/identity/lifetimes';
import { confirmAddressOwner, isPasswordSetter, SETTER_NONCE_KEY } from './address-proof';
import { clearPasswordSetterCookie, readPasswordSetterCookie, setPasswordSetterCookie } from '@/server/identity/cookies';
import { accountEmails } from './emails';
import { ACCOUNT_JOB_KINDS, kickAccountJobs, type SignUpJobPayload } from './job-handlers';
import { checkPassword, hashPassword } from './passwords';
import { createAccount, sendConfirmationLink } from './registration';
import { getUserByEmail } from './queries';
import { consumeAuthToken, issueAuthToken, peekAuthToken, hashToken, newToken } from '@/server/identity/tokens';
import { startSession } from '@/server/identity/sessions';
import { VISITOR } from '@/server/identity/actor';
import { requestLocale } from '@/server/i18n/request-locale';
import { SOURCE_LOCALE } from '@/core/i18n/locales';
import { deleteUserSessions, setUserPasswordHash } from './profile-queries';
import { requirePasswordSignIn } from './sso-service';

export const AUTH_LIMITS = {
  signInPerIp: { name: 'sign-in-ip', limit: 10, windowSeconds: 60 },
  signInPerEmail: { name: 'sign-in-email', limit: 10, windowSeconds: 60 },
  emailPerIp: { name: 'auth-email-ip', limit: 10, windowSeconds: 60 },
  emailPerAddress: { name: 'auth-email-address', limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

const limit = enforceRateLimit;

interface HttpCtx {
  req: IncomingMessage;
  res: ServerResponse;
  ip: string;
}

const emailOutcome = (): EmailOutcome => (smtpConfigured() ? 'check-email' : 'ask-admin');

/** The workspace's rules for joining, in one statement. */
export async function joinRules() {
  const [ws] = await db()
    .select({
      policy: workspaceSettings.signupPolicy,
      domains: workspaceSettings.allowedDomains,
      confirmation: workspaceSettings.emailConfirmation,
      defaultLocale: workspaceSettings.defaultLocale,
    })
    .from(workspaceSettings)
    .limit(1);
  return {
    policy: ws?.policy ?? 'open',
    domains: ws?.domains ?? [],
    confirmationRequired: emailConfirmationRequired(ws?.confirmation ?? 'auto', smtpConfigured()),
    defaultLocale: ws?.defaultLocale ?? SOURCE_LOCALE,
  };
}

/** The sign-up policy for an address (an invitation overrides it). */
export function signUpAllowed(rules: { policy: string; domains: string[] }, email: string): boolean {
  if (rules.policy === 'open') return true;
  if (rules.policy === 'invite_only') return false;
  const domain = email.split('@')[1] ?? '';
  return rules.domains.some((d) => d.toLowerCase() === domain);
}

/**
 * Gives this browser a fresh password-setter nonce (address-proof.ts) for as long as a
 * confirmation link lives; returns the hash a confirmation token keeps.
 */
function markPasswordSetter(res: ServerResponse): string {
  const nonce = newToken();
  setPasswordSetterCookie(res, nonce, AUTH_TOKEN_TTL_SECONDS.verify_email);
  return hashToken(nonce);
}

const addressTaken = () =>
  new AppError('CONFLICT', 'An account already uses this email address.', {
    fields: { email: 'An account already uses this address. Sign in, or reset your password.' },
    reason: 'emailTaken',
  });

export async function signUp(input: z.output<typeof signUpInput>, http: HttpCtx): Promise<SignUpOutcome> {
  await requirePasswordSignIn();
  await limit(AUTH_LIMITS.emailPerIp, http.ip);
  await limit(AUTH_LIMITS.emailPerAddress, input.email);
  if (input.inviteToken) return signUpWithInvitation({ ...input, inviteToken: input.inviteToken }, http);
  const rules = await joinRules();
  if (!signUpAllowed(rules, input.email)) {
    throw new AppError('FORBIDDEN', 'Sign-up is by invitation only, or limited to certain email domains.', {
      fields: { email: 'This address cannot sign up here. Ask the team for an invitation.' },
      reason: 'signupRestricted',
    });
  }
  const passwordHash = await hashPassword(input.password);
  const setterNonceHash = markPasswordSetter(http.res);
  if (!rules.confirmationRequired) {
    await signUpAtOnce(input, passwordHash, setterNonceHash, http);
    return 'signed-in';
  }
  const job: SignUpJobPayload = {
    email: input.email,
    displayName: input.displayName,
    passwordHash,
    setterNonceHash,
    ip: http.ip,
    locale: requestLocale(http.req, VISITOR, rules.defaultLocale),
  };
  await enqueueJob(ACCOUNT_JOB_KINDS.signUp, job);
  kickAccountJobs();
  return emailOutcome();
}

/**
 * The workspace does not require a confirmed address: the account is created and signed in at
 * once, unconfirmed, with a confirmation link on its way. The answer then necessarily differs for
 * an address that has an account (409), which is why this mode cannot hide who has one.
 */
async function signUpAtOnce(
  input: z.output<typeof signUpInput>,
  passwordHash: string,
  setterNonceHash: string,
  http: HttpCtx,
): Promise<void> {
  const workspace = await getPublicWorkspace();
  let userId: string;
  try {
    userId = await db().transaction(async (tx) => {
      if (await getUserByEmail(tx, input.email)) throw addressTaken();
      const user = await createAccount(tx, {
        email: input.email,
        displayName: input.displayName,
        passwordHash,
        role: 'member',
        verified: false,
        ip: http.ip,
      });
      await sendConfirmationLink(
        tx,
        { userId: user.id, email: input.email, setterNonceHash },
        // The person is signing up right now: in the language of the page they did it on.
        { sender: workspace, locale: requestLocale(http.req, VISITOR, workspace.defaultLocale) },
      );
      return user.id;
    });
  } catch (err) {
    // Two sign-ups racing for one address: the loser hears that it is taken.
    if (isUniqueViolation(err)) throw addressTaken();
    throw err;
  }
  kickEmailDelivery();
  await startSession(http.req, http.res, userId, http.ip);
}

/** An invitation was emailed to this address, so following it proves the address already. */
async function signUpWithInvitation(input: z.output<typeof signUpInput> & { inviteToken: string }, http: HttpCtx): Promise<SignUpOutcome> {
  const invite = await peekAuthToken(db(), 'invite', input.inviteToken);
  if (!invite || invite.email !== input.email)
    throw new AppError('TOKEN_INVALID', 'This invitation has expired, was used, or is for another email address.', {
      reason: 'invitationInvalid',
    });
  const role = (invite.data.role as Role | undefined) ?? 'member';
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    userId = await db().transaction(async (tx) => {
      if (!(await consumeAuthToken(tx, 'invite', input.inviteToken))) throw new AppError('TOKEN_INVALID');
      const user = await createAccount(tx, {
        email: input.email,
        displayName: input.displayName,
        passwordHash,
        role,
        verified: true,
        ip: http.ip,
      });
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw addressTaken();
    throw err;
  }
  await startSession(http.req, http.res, userId, http.ip);
  return 'signed-in';
}

/**
 * Confirms an address from its emailed link (a new account's, or a changed address) and signs
 * this browser in. `passwordCleared`: the address was confirmed by someone other than whoever set
 * the account's password, which was therefore removed (address-proof.ts).
 */
export async function verifyEmail(token: string, http: HttpCtx): Promise<{ passwordCleared: boolean }> {
  const workspace = await getPublicWorkspace();
  const nonce = readPasswordSetterCookie(http.req);
  const result = await db().transaction(async (tx) => {
    const t = (await consumeAuthToken(tx, 'verify_email', token)) ?? (await consumeAuthToken(tx, 'change_email', token));
    if (!t || !t.userId) throw new AppError('TOKEN_INVALID');
    if (t.kind === 'change_email') {
      const [before] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, t.userId));
      try {
        await tx.update(users).set({ email: t.email, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, t.userId));
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('CONFLICT', 'Another account already uses that email address.', { reason: 'emailTaken' });
        throw err;
      }
      await recordAudit(
        {
          actor: null,
          action: 'user.email_changed',
          targetType: 'user',
          targetId: t.userId,
          before,
          after: { email: t.email },
          ip: http.ip,
        },
        tx,
      );
      if (before) await enqueueEmail(accountEmails.emailChanged(before.email, workspace, before.locale ?? workspace.defaultLocale), tx);
      return { userId: t.userId, passwordSetter: false, passwordCleared: false };
    }
    const passwordSetter = await isPasswordSetter(tx, t.userId, nonce);
    const { passwordCleared } = await confirmAddressOwner(tx, t.userId, { passwordSetter, ip: http.ip });
    return { userId: t.userId, passwordSetter, passwordCleared };
  });
  kickEmailDelivery();
  if (result.passwordSetter) clearPasswordSetterCookie(http.res);
  await startSession(http.req, http.res, result.userId, http.ip);
  return { passwordCleared: result.passwordCleared };
}

export async function signIn(input: { email: string; password: string }, http: HttpCtx): Promise<void> {
  await requirePasswordSignIn();
  await limit(AUTH_LIMITS.signInPerIp, http.ip);
  await limit(AUTH_LIMITS.signInPerEmail, input.email);
  const user = await getUserByEmail(db(), input.email);
  const ok = await checkPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  // Only someone who knows the password learns the account's state.
  if (user.bannedAt) throw new AppError('ACCOUNT_BANNED');
  if (!user.emailVerifiedAt && (await joinRules()).confirmationRequired) {
    const setterNonceHash = markPasswordSetter(http.res);
    const token = await issueAuthToken(db(), 'verify_email', {
      userId: user.id,
      email: user.email,
      data: { [SETTER_NONCE_KEY]: setterNonceHash },
    });
    const workspace = await getPublicWorkspace();
    await enqueueEmail(accountEmails.verifyEmail(user.email, workspace, token, user.locale ?? workspace.defaultLocale));
    const sent = smtpConfigured();
    throw new AppError(
      'FORBIDDEN',
      sent
        ? 'Please confirm your email address first: we have sent you a new link.'
        : 'Please confirm your email address first. This workspace cannot send email yet, so ask one of its admins to confirm your address.',
      { reason: sent ? 'emailUnconfirmedSent' : 'emailUnconfirmedNoMail' },
    );
  }
  await startSession(http.req, http.res, user.id, http.ip);
}

/** "Forgot password": the same work and answer for every address; the link, if any, comes from a job. */
export async function requestPasswordReset(email: string, ip: string): Promise<EmailOutcome> {
  await requirePasswordSignIn();
  await limit(AUTH_LIMITS.emailPerIp, ip);
  await limit(AUTH_LIMITS.emailPerAddress, email);
  await enqueueJob(ACCOUNT_JOB_KINDS.passwordReset, { email });
  kickAccountJobs();
  return emailOutcome();
}

/**
 * Sets a new password from an emailed link. The link proves the address (so it is confirmed,
 * and a password set by anyone else is gone), and every session of the account ends.
 */
export async function resetPassword(token: string, password: string, http: HttpCtx): Promise<void> {
  await requirePasswordSignIn();
  const passwordHash = await hashPassword(password);
  const userId = await db().transaction(async (tx) => {
    const t = await consumeAuthToken(tx, 'reset_password', token);
    if (!t?.userId) throw new AppError('TOKEN_INVALID');
    await confirmAddressOwner(tx, t.userId, { passwordSetter: false, ip: http.ip });
    await setUserPasswordHash(tx, t.userId, passwordHash);
    await deleteUserSessions(tx, t.userId);
    await recordAudit({ actor: null, action: 'user.password_reset', targetType: 'user', targetId: t.userId, ip: http.ip }, tx);
    return t.userId;
  });
  await startSession(http.req, http.res, userId, http.ip);
}

/** "Email me a sign-in link": the same work and answer for every address. */
export async function requestMagicLink(email: string, ip: string): Promise<EmailOutcome> {
  await requirePasswordSignIn();
  await limit(AUTH_LIMITS.emailPerIp, ip);
  await limit(AUTH_LIMITS.emailPerAddress, email);
  await enqueueJob(ACCOUNT_JOB_KINDS.magicLink, { email });
  kickAccountJobs();
  return emailOutcome();
}

/** Signs in with an emailed link, which also proves the address (see verifyEmail). */
export async function consumeMagicLink(token: string, http: HttpCtx): Promise<{ passwordCleared: boolean }> {
  // A link sent before the workspace went single sign-on only does not sign in after.
  await requirePasswordSignIn();
  const nonce = readPasswordSetterCookie(http.req);
  const result = await db().transaction(async (tx) => {
    const t = await consumeAuthToken(tx, 'magic_link', token);
    if (!t?.userId) throw new AppError('TOKEN_INVALID');
    const [u] = await tx.select({ bannedAt: users.bannedAt, deletedAt: users.deletedAt }).from(users).where(eq(users.id, t.userId));
    if (!u || u.deletedAt) throw new AppError('TOKEN_INVALID');
    if (u.bannedAt) throw new AppError('ACCOUNT_BANNED');
    const passwordSetter = await isPasswordSetter(tx, t.userId, nonce);
    const { passwordCleared } = await confirmAddressOwner(tx, t.userId, { passwordSetter, ip: http.ip });
    return { userId: t.userId, passwordSetter, passwordCleared };
  });
  if (result.passwordSetter) clearPasswordSetterCookie(http.res);
  await startSession(http.req, http.res, result.userId, http.ip);
  return { passwordCleared: result.passwordCleared };
}
