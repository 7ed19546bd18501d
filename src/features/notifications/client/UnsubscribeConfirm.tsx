import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../enums';

/** The unsubscribe page's one action: nothing changes until the button is pressed. */
export function UnsubscribeConfirm({ token, kinds }: { token: string; kinds: NotificationKind[] }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const names = kinds.map((k) => NOTIFICATION_KIND_LABELS[k].label.toLowerCase()).join(', ');

  const confirm = async () => {
    setState('busy');
    setError(null);
    try {
      await api(`/api/v1/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
      setState('done');
    } catch (err) {
      setState('idle');
      setError(err instanceof ApiError ? err.message : 'You were not unsubscribed. Try again.');
    }
  };

  if (state === 'done') {
    return (
      <Alert tone="success" testId="unsubscribed">
        Done: you will get no more emails about {names}. You can turn them back on in your{' '}
        <Link href={paths.settingsNotifications()}>notification preferences</Link>.
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="m-0">Stop the emails about {names}? Notifications in the app stay as they are.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div>
        <Button onClick={() => void confirm()} busy={state === 'busy'} data-testid="unsubscribe-confirm">
          {state === 'busy' ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      </div>
    </div>
  );
}
