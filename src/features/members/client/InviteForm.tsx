import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { SelectField } from '@/components/ui/SelectField';
import { ROLES } from '@/core/identity/roles';
import { api, ApiError } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import { inviteInput, type Invitation } from '@/features/accounts/schema';
import { useApiErrorText } from '@/lib/api-error-text';
import { announceOutboxChange } from '@/lib/outbox-changes';
import { InvitationLink } from './InvitationLink';
import { isolate } from './isolate';

type Input = z.input<typeof inviteInput>;
/** The button says what happens: an email is sent, or (no SMTP) an invitation and its link are made. */
const submitWords = (smtp: boolean, busy: boolean): 'sending' | 'send' | 'creating' | 'create' =>
  smtp ? (busy ? 'sending' : 'send') : busy ? 'creating' : 'create';
type Output = z.output<typeof inviteInput>;

/**
 * Admins invite someone by email with a role; the invitation link works for 7 days. Without an
 * SMTP server the email can only wait in the outbox, so the form says so and gives the link to
 * copy; with one, it says the email is queued to send.
 */
export function InviteForm({ smtpConfigured, onCreated }: { smtpConfigured: boolean; onCreated: (invitation: Invitation) => void }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const formats = useFormats();
  const [sent, setSent] = useState<Invitation | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(inviteInput), defaultValues: { email: '', role: 'member' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setSent(null);
    try {
      const invitation = await api<Invitation>('/api/v1/invitations', { body: values });
      setSent(invitation);
      form.reset();
      onCreated(invitation);
      announceOutboxChange();
    } catch (err) {
      // In the page's words (the server's own are English, for API clients).
      const fields = errorText.fields(err);
      if (fields.email || fields.role) {
        if (fields.email) form.setError('email', { type: 'server', message: fields.email });
        if (fields.role) form.setError('role', { type: 'server', message: fields.role });
      } else {
        form.setError('root', { message: err instanceof ApiError ? errorText(err) : t('members.invite.failed') });
      }
    }
  });

  return (
    <section aria-labelledby="invite-heading" className="mb-8 rounded-xl border border-border bg-surface p-4 sm:p-6">
      <h2 id="invite-heading" className="text-lg font-semibold">
        {t('members.invite.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{smtpConfigured ? t('members.invite.intro') : t('members.invite.introNoSmtp')}</p>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start"
        data-testid="invite-form"
      >
        <Field
          label={t('members.invite.email')}
          type="email"
          autoComplete="off"
          className="sm:flex-1"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField
          label={t('members.invite.role')}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          error={errors.role?.message}
          {...form.register('role')}
        />
        <Button type="submit" busy={isSubmitting} className="sm:mt-6">
          {t(`members.invite.${submitWords(smtpConfigured, isSubmitting)}`)}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4 empty:hidden">
        {sent ? (
          <Alert tone="success" testId="invite-sent">
            <span className="break-words">
              {t(sent.delivery === 'queued' ? 'members.invite.sent' : 'members.invite.created', {
                email: isolate(sent.email),
                role: sent.role,
                date: formats.date(sent.expiresAt),
              })}
            </span>
          </Alert>
        ) : null}
        {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      </div>
      {/* Outside the live region: the message is announced, the field and its button are not. */}
      {sent && sent.delivery !== 'queued' ? <InvitationLink key={sent.link} invitation={sent} /> : null}
    </section>
  );
}
