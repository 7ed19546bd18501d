/**
 * Creating an account, the one way every sign-up path does it (at once, in the background job,
 * or through an invitation): the user row, its audit event, and, for an unconfirmed address,
 * the confirmation link bound to the browser that chose the password (address-proof.ts).
 */
import type { Role } from '@/core/identity/roles';
import type { Locale } from '@/core/i18n/locales';
import { recordAudit } from '@/features/audit/server/service';
import type { DbOrTx } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { issueAuthToken } from '@/server/identity/tokens';
import { enqueueEmail } from '@/server/mail/outbox';
import { SETTER_NONCE_KEY } from './address-proof';
import { accountEmails, type EmailSender } from './emails';

export interface NewAccount {
  email: string;
  displayName: string;
  /** Null for an account that signs in through a single sign-on provider only. */
  passwordHash: string | null;
  role: Role;
  /** Set when the address is already proven (an accepted invitation). */
  verified: boolean;
  ip: string;
}

/** Inserts the account and audits it; a taken address fails on the unique index (SQLSTATE 23505). */
export async function createAccount(tx: DbOrTx, account: NewAccount): Promise<{ id: string; displayName: string }> {
  const [user] = await tx
    .insert(users)
    .values({
      email: account.email,
      displayName: account.displayName,
      passwordHash: account.passwordHash,
      role: account.role,
      emailVerifiedAt: account.verified ? new Date() : null,
    })
    .returning({ id: users.id, displayName: users.displayName });
  await recordAudit(
    {
      actor: { id: user!.id, displayName: user!.displayName },
      action: 'user.signed_up',
      targetType: 'user',
      targetId: user!.id,
      after: { role: account.role },
      ip: account.ip,
    },
    tx,
  );
  return user!;
}

/** Queues the confirmation link for a new account's address, bound to the password-setter's nonce. */
export async function sendConfirmationLink(
  tx: DbOrTx,
  to: { userId: string; email: string; setterNonceHash: string },
  from: { sender: EmailSender; locale: Locale },
): Promise<void> {
  const token = await issueAuthToken(tx, 'verify_email', {
    userId: to.userId,
    email: to.email,
    data: { [SETTER_NONCE_KEY]: to.setterNonceHash },
  });
  await enqueueEmail(accountEmails.verifyEmail(to.email, from.sender, token, from.locale), tx);
}
