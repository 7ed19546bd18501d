import type { Locale } from '@/core/i18n/locales';
import { canManageOwnAccount } from '@/core/identity/policy';
import { pendingEmailChange, hasPassword } from '@/features/accounts/server/profile-service';
import { gate, withShell } from '@/server/page/with-shell';
import { smtpConfigured } from '@/server/mail/transport';

type Props = { pendingEmail: string | null; hasPassword: boolean; canSendEmail: boolean; ownLocale: Locale | null };

export const getServerSideProps = withShell<Props>(async (ctx, { actor }) => {
  const denied = gate(ctx, canManageOwnAccount(actor));
  if (denied || actor.kind !== 'user')
    return denied ?? { props: { pendingEmail: null, hasPassword: true, canSendEmail: true, ownLocale: null } };
  const [pendingEmail, passwordSet] = await Promise.all([pendingEmailChange(actor.id), hasPassword(actor.id)]);
  return { props: { pendingEmail, hasPassword: passwordSet, canSendEmail: smtpConfigured(), ownLocale: actor.locale ?? null } };
});
