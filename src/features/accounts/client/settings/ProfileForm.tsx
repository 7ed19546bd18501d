import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { api } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';
import { useFieldErrors } from '../field-errors';
import { profileInput } from '../../schema';
import type { Viewer } from '@/core/identity/viewer';

type Input = z.input<typeof profileInput>;
type Output = z.output<typeof profileInput>;

/** What the avatar field shows as an example link (a link, not words). */
const AVATAR_EXAMPLE = 'https://example.com/me.png';

/** Display name and avatar link. */
export function ProfileForm({ viewer }: { viewer: Viewer }) {
  const router = useRouter();
  const t = useTranslations('account');
  const fieldError = useFieldErrors();
  const errorText = useApiErrorText();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(profileInput),
    defaultValues: { displayName: viewer.displayName, avatarUrl: viewer.avatarUrl ?? '' },
  });

  const onSubmit = async (values: Output) => {
    setNotice(null);
    try {
      const saved = await api<Viewer>('/api/v1/me', {
        method: 'PATCH',
        body: { displayName: values.displayName, avatarUrl: values.avatarUrl ?? null },
      });
      reset({ displayName: saved.displayName, avatarUrl: saved.avatarUrl ?? '' });
      setNotice({ tone: 'success', text: t('profileForm.saved') });
      // Reloads the page data, so the header and everything else show the new name.
      await refreshPage(router);
    } catch (err) {
      setNotice({ tone: 'error', text: errorText.inForm(err, setError, ['displayName', 'avatarUrl']) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" data-testid="profile-form">
      <div className="flex items-center gap-3" data-testid="profile-preview">
        <Avatar name={viewer.displayName} url={viewer.avatarUrl} size={48} />
        <div className="min-w-0">
          <p className="m-0 truncate font-medium" dir="auto">
            {viewer.displayName}
          </p>
          <p className="m-0 text-sm text-muted">{t('profileForm.preview')}</p>
        </div>
      </div>
      <Field
        label={t('profileForm.displayName')}
        autoComplete="nickname"
        maxLength={50}
        error={fieldError.displayName(errors.displayName)}
        {...register('displayName')}
      />
      <Field
        label={t('profileForm.avatar')}
        type="url"
        inputMode="url"
        autoComplete="photo"
        placeholder={AVATAR_EXAMPLE}
        hint={t('profileForm.avatarHint')}
        error={fieldError.avatarUrl(errors.avatarUrl)}
        {...register('avatarUrl')}
      />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? t('saving') : t('profileForm.save')}
        </Button>
      </div>
    </form>
  );
}
