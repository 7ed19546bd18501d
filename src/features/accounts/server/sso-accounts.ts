/**
 * Which account a single sign-on signs in to (docs/sso.md, "Accounts"):
 * 1. the account this provider's subject was linked to before;
 * 2. otherwise the account with the provider's email address, only when the provider says the
 *    address is verified. Linking it proves the address (address-proof.ts): a password set on
 *    an unconfirmed account by someone who never proved the address is removed;
 * 3. otherwise a new account, under the workspace's sign-up policy: a pending invitation to the
 *    address lets it in (with the invitation's role), else `open` does, `domain_allowlist` does
 *    for the listed domains, and `invite_only` does not.
 * An address the provider does not call verified is refused, whether or not an account uses it:
 * it never takes over an account, never claims an address for a new one, and the answer tells
 * nobody whether the address has an account here.
 */
import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '@/core/identity/roles';
import { recordAudit } from '@/features/audit/server/service';
import { db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { isUniqueViolation } from '@/server/http/errors';
import type { SsoFailure } from '../sso-schema';
import type { SsoProviderId } from '../enums';
import { confirmAddressOwner } from './address-proof';
import { getUserByEmail, getUserById } from './queries';
import { createAccount } from './registration';
import { joinRules, signUpAllowed } from './service';
import { getSsoIdentity, linkSsoIdentity, markAdminSignIn, takeInvitationFor, touchSsoIdentity } from './sso-queries';

/** Why a single sign-on ended without a session; the callback page explains each. */
export class SsoProblem extends Error {
  constructor(readonly failure: SsoFailure) {
    super(`single sign-on failed: ${failure}`);
    this.name = 'SsoProblem';
  }
}

/** What a provider told us about the person. */
export interface SsoProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** A display name (SPEC.md §5: 1–50 characters, no control characters) from what the provider gave. */
export function displayNameFrom(profile: SsoProfile, email: string): string {
  const cleaned = (profile.name ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const name = cleaned || email.split('@')[0] || 'Member';
  return [...name].slice(0, 50).join('').trim() || 'Member';
}

const isRole = (v: string | null): v is Role => v !== null && (ROLES as readonly string[]).includes(v);

/** Finds or creates the account, links the subject to it, and answers its id. */
export async function accountForSso(provider: SsoProviderId, profile: SsoProfile, ip: string): Promise<string> {
  const rules = await joinRules();
  try {
    return await db().transaction(async (tx) => {
      const linked = await getSsoIdentity(tx, provider, profile.subject);
      const linkedUser = linked && (await getUserById(tx, linked.userId));
      if (linkedUser) {
        if (linkedUser.bannedAt) throw new SsoProblem('banned');
        await touchSsoIdentity(tx, provider, profile.subject);
        if (linkedUser.role === 'admin') await markAdminSignIn(tx, provider);
        return linkedUser.id;
      }
      if (!profile.email) throw new SsoProblem('no_email');
      if (!profile.emailVerified) throw new SsoProblem('unverified');
      const email = profile.email.toLowerCase();
      const existing = await getUserByEmail(tx, email);
      if (existing) {
        if (existing.bannedAt) throw new SsoProblem('banned');
        await confirmAddressOwner(tx, existing.id, { passwordSetter: false, ip });
        await linkSsoIdentity(tx, provider, profile.subject, existing.id);
        await recordAudit(
          {
            actor: { id: existing.id, displayName: existing.displayName },
            action: 'user.sso_linked',
            targetType: 'user',
            targetId: existing.id,
            after: { provider },
            ip,
          },
          tx,
        );
        if (existing.role === 'admin') await markAdminSignIn(tx, provider);
        return existing.id;
      }
      const invited = await takeInvitationFor(tx, email);
      if (!invited && !signUpAllowed(rules, email)) throw new SsoProblem('not_allowed');
      const role: Role = isRole(invited) ? invited : 'member';
      const user = await createAccount(tx, {
        email,
        displayName: displayNameFrom(profile, email),
        passwordHash: null,
        role,
        verified: true,
        ip,
      });
      await linkSsoIdentity(tx, provider, profile.subject, user.id);
      if (role === 'admin') await markAdminSignIn(tx, provider);
      return user.id;
    });
  } catch (err) {
    // Two first sign-ins racing for one address: the loser signs in to the winner's account.
    if (isUniqueViolation(err)) {
      const [row] = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, (profile.email ?? '').toLowerCase()));
      if (row) return accountForSso(provider, profile, ip);
    }
    throw err;
  }
}
