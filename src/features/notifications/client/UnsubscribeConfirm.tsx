import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useApiErrorText } from '@/lib/api-error-text';
import { api, ApiError } from '@/lib/api';
import type { NotificationKind } from '../enums';

/** The unsubscribe page's one action: nothing changes until the button is pressed. */
export function UnsubscribeConfirm({ token, kinds }: { token: string; kinds: NotificationKind[] }) {
  const t = useTranslations('notifications');
  const errorText = useApiErrorText();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const names = kinds.map((k) => t(`kinds.${k}.inline`)).join(t('unsubscribe.separator'));
  const preferences = (chunks: ReactNode) => <Link href={paths.settingsNotifications()}>{chunks}</Link>;

  const confirm = async () => {
    setState('busy');
    setError(null);
    try {
      await api(`/api/v1/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
      setState('done');
    } catch (err) {
      setState('idle');
      setError(err instanceof ApiError ? errorText(err) : t('unsubscribe.failed'));
    }
  };

  if (state === 'done') {
    return (
      <Alert tone="success" testId="unsubscribed">
        {t.rich('unsubscribe.done', { names, link: preferences })}
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="m-0">{t('unsubscribe.ask', { names })}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div>
        <Button onClick={() => void confirm()} busy={state === 'busy'} data-testid="unsubscribe-confirm">
          {state === 'busy' ? t('unsubscribe.busy') : t('unsubscribe.submit')}
        </Button>
      </div>
    </div>
  );
}
