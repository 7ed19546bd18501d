import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ApiError, api } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';
import type { SsoButton } from '../sso-schema';

/** One button per single sign-on provider: asks the server where to go, then goes there. */
export function SsoButtons({ buttons, next }: { buttons: SsoButton[]; next: string }) {
  const t = useTranslations('auth');
  const errorText = useApiErrorText();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (buttons.length === 0) return null;

  async function start(id: string) {
    setError(null);
    setLeaving(id);
    try {
      const { url } = await api<{ url: string }>(`/api/v1/auth/sso/${id}`, { body: { next } });
      window.location.assign(url);
    } catch (err) {
      setLeaving(null);
      setError(err instanceof ApiError ? errorText(err) : t('sso.failed'));
    }
  }

  return (
    <div className="flex flex-col gap-3" role="group" aria-label={t('sso.group')}>
      {error ? (
        <Alert tone="error" testId="sso-start-error">
          {error}
        </Alert>
      ) : null}
      {buttons.map((b) => (
        <Button
          key={b.id}
          variant="secondary"
          busy={leaving === b.id}
          disabled={leaving !== null}
          onClick={() => void start(b.id)}
          data-testid={`sso-${b.id}`}
        >
          {leaving === b.id ? t('sso.redirecting') : t('sso.continueWith', { provider: b.label })}
        </Button>
      ))}
    </div>
  );
}
