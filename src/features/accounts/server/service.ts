/**
 * Account flows: sign-up, verification, sign-in, password reset, magic links, invitations.
 * None of them reveals whether an email address has an account: the answers are the same,
 * and what differs goes by email to the address's owner.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '@/features/audit/server/service';
import { getPublicWorkspace } from '@/server/workspace';
import { db } from '@/server/db/client';
import { users, workspaceSettings } from '@/server/db/schema';
import { AppError, isUniqueViolation } from '@/server/http/errors';
import { enforceRateLimit, type RateLimitRule } from '@/server/http/rate-limit';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import type { signUpInput } from '../schema';
import type { Role } from '@/core/identity/roles';
import { accountEmails } from './emails';
import { checkPassword, hashPassword } from './passwords';
import { getUserByEmail } from './queries';
import { consumeAuthToken, issueAuthToken, peekAuthToken } from '@/server/identity/tokens';
import { endUserSessions, startSession } from '@/server/identity/sessions';

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

/** Checks the workspace's sign-up policy for an address (an invitation overrides it). */
async function signUpAllowed(email: string): Promise<boolean> {
  const rows = await db().select({ policy: workspaceSettings.signupPolicy, domains: workspaceSettings.allowedDomains }).from(workspaceSettings).limit(1);
  const ws = rows[0];
  if (!ws || ws.policy === 'open') return true;
  if (ws.policy === 'invite_only') return false;
  const domain = email.split('@')[1] ?? '';
  return ws.domains.some((d) => d.toLowerCase() === domain);
}

/** Returns whether the person is now signed in (an invitation was accepted). */
export async function signUp(input: z.output<typeof signUpInput>, http: HttpCtx): Promise<{ signedIn: boolean }> {
  await limit(AUTH_LIMITS.emailPerIp, http.ip);
  await limit(AUTH_LIMITS.emailPerAddress, input.email);
  const workspace = await getPublicWorkspace();
  let role: Role = 'member';
  if (input.inviteToken) {
    const invite = await peekAuthToken(db(), 'invite', input.inviteToken);
    if (!invite || invite.email !== input.email) throw new AppError('TOKEN_INVALID', 'This invitation has expired, was used, or is for another email address.');
    role = (invite.data.role as Role | undefined) ?? 'member';
  } else if (!(await signUpAllowed(input.email))) {
    throw new AppError('FORBIDDEN', 'Sign-up is by invitation only, or limited to certain email domains.', {
      fields: { email: 'This address cannot sign up here. Ask the team for an invitation.' },
    });
  }

  const existing = await getUserByEmail(db(), input.email);
  if (existing) {
    await enqueueEmail(accountEmails.alreadyRegistered(input.email, workspace.name));
    return { signedIn: false };
  }
  const passwordHash = await hashPassword(input.password);
  let signInUserId: string | undefined;
  try {
    await db().transaction(async (tx) => {
      const invited = input.inviteToken ? await consumeAuthToken(tx, 'invite', input.inviteToken) : undefined;
      if (input.inviteToken && !invited) throw new AppError('TOKEN_INVALID');
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, displayName: input.displayName, passwordHash, role, emailVerifiedAt: invited ? new Date() : null })
        .returning();
      await recordAudit({ actor: { id: user!.id, displayName: user!.displayName }, action: 'user.signed_up', targetType: 'user', targetId: user!.id, after: { role }, ip: http.ip }, tx);
      if (invited) {
        // An invitation was sent to this address, so following it proves ownership already.
        signInUserId = user!.id;
      } else {
        const token = await issueAuthToken(tx, 'verify_email', { userId: user!.id, email: input.email });
        await enqueueEmail(accountEmails.verifyEmail(input.email, workspace.name, token), tx);
      }
    });
  } catch (err) {
    // Two sign-ups racing for one address: the loser is told the same as everyone else.
    if (!isUniqueViolation(err)) throw err;
  }
  kickEmailDelivery();
  if (signInUserId) await startSession(http.req, http.res, signInUserId, http.ip);
  return { signedIn: Boolean(signInUserId) };
}

export async function verifyEmail(token: string, http: HttpCtx): Promise<void> {
  const workspace = await getPublicWorkspace();
  const row = await db().transaction(async (tx) => {
    const t = (await consumeAuthToken(tx, 'verify_email', token)) ?? (await consumeAuthToken(tx, 'change_email', token));
    if (!t || !t.userId) throw new AppError('TOKEN_INVALID');
    if (t.kind === 'change_email') {
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, t.userId));
      try {
        await tx.update(users).set({ email: t.email, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, t.userId));
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Another account already uses that email address.');
        throw err;
      }
      await recordAudit({ actor: null, action: 'user.email_changed', targetType: 'user', targetId: t.userId, before, after: { email: t.email }, ip: http.ip }, tx);
      if (before) await enqueueEmail(accountEmails.emailChanged(before.email, workspace.name), tx);
    } else {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, t.userId));
    }
    return t;
  });
  kickEmailDelivery();
  await startSession(http.req, http.res, row.userId!, http.ip);
}

export async function signIn(input: { email: string; password: string }, http: HttpCtx): Promise<void> {
  await limit(AUTH_LIMITS.signInPerIp, http.ip);
  await limit(AUTH_LIMITS.signInPerEmail, input.email);
  const user = await getUserByEmail(db(), input.email);
  const ok = await checkPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  // Only someone who knows the password learns the account's state.
  if (user.bannedAt) throw new AppError('ACCOUNT_BANNED');
  if (!user.emailVerifiedAt) {
    const token = await issueAuthToken(db(), 'verify_email', { userId: user.id, email: user.email });
    await enqueueEmail(accountEmails.verifyEmail(user.email, (await getPublicWorkspace()).name, token));
    throw new AppError('FORBIDDEN', 'Please confirm your email address first: we have sent you a new link.');
  }
  await startSession(http.req, http.res, user.id, http.ip);
}

export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  await limit(AUTH_LIMITS.emailPerIp, ip);
  await limit(AUTH_LIMITS.emailPerAddress, email);
  const user = await getUserByEmail(db(), email);
  if (!user || user.bannedAt) return;
  const token = await issueAuthToken(db(), 'reset_password', { userId: user.id, email: user.email });
  await enqueueEmail(accountEmails.resetPassword(user.email, (await getPublicWorkspace()).name, token));
}

export async function resetPassword(token: string, password: string, http: HttpCtx): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await db().transaction(async (tx) => {
    const t = await consumeAuthToken(tx, 'reset_password', token);
    if (!t?.userId) throw new AppError('TOKEN_INVALID');
    // The emailed link proves the address, so a reset also verifies it.
    await tx.update(users).set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, t.userId));
    await recordAudit({ actor: null, action: 'user.password_reset', targetType: 'user', targetId: t.userId, ip: http.ip }, tx);
    return t.userId;
  });
  await endUserSessions(userId);
  await startSession(http.req, http.res, userId, http.ip);
}

export async function requestMagicLink(email: string, ip: string): Promise<void> {
  await limit(AUTH_LIMITS.emailPerIp, ip);
  await limit(AUTH_LIMITS.emailPerAddress, email);
  const user = await getUserByEmail(db(), email);
  if (!user || user.bannedAt) return;
  const token = await issueAuthToken(db(), 'magic_link', { userId: user.id, email: user.email });
  await enqueueEmail(accountEmails.magicLink(user.email, (await getPublicWorkspace()).name, token));
}

export async function consumeMagicLink(token: string, http: HttpCtx): Promise<void> {
  const userId = await db().transaction(async (tx) => {
    const t = await consumeAuthToken(tx, 'magic_link', token);
    if (!t?.userId) throw new AppError('TOKEN_INVALID');
    const [u] = await tx.select({ bannedAt: users.bannedAt, deletedAt: users.deletedAt }).from(users).where(eq(users.id, t.userId));
    if (!u || u.deletedAt) throw new AppError('TOKEN_INVALID');
    if (u.bannedAt) throw new AppError('ACCOUNT_BANNED');
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, t.userId));
    return t.userId;
  });
  await startSession(http.req, http.res, userId, http.ip);
}
