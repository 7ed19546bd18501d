import { useState, type FormEvent } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useApiErrorText } from '@/lib/api-error-text';
import { api, ApiError } from '@/lib/api';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationKind } from '../enums';
import type { Preference } from '../schema';

/** Each event kind × channel as a checkbox; saved together. */
export function PreferencesForm({ initial }: { initial: Preference[] }) {
  const t = useTranslations('notifications');
  const errorText = useApiErrorText();
  const [prefs, setPrefs] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const kinds = [...new Set(prefs.map((p) => p.kind))];
  const value = (kind: NotificationKind, channel: NotificationChannel) =>
    prefs.find((p) => p.kind === kind && p.channel === channel)?.enabled ?? false;
  const set = (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) =>
    setPrefs((list) => list.map((p) => (p.kind === kind && p.channel === channel ? { ...p, enabled } : p)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api<{ preferences: Preference[] }>('/api/v1/me/notification-preferences', {
        method: 'PUT',
        body: { preferences: prefs },
      });
      setPrefs(saved.preferences);
      setMessage({ tone: 'success', text: t('preferences.saved') });
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('preferences.failed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="notification-preferences">
      <ul className="m-0 flex list-none flex-col divide-y divide-border p-0">
        {kinds.map((kind) => (
          <li key={kind} className="py-3">
            <fieldset className="m-0 border-0 p-0">
              <legend className="p-0 text-sm font-medium">{t(`kinds.${kind}.label`)}</legend>
              <p className="m-0 mt-0.5 text-sm text-muted">{t(`kinds.${kind}.hint`)}</p>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <label key={channel} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-accent"
                      checked={value(kind, channel)}
                      onChange={(e) => set(kind, channel, e.target.checked)}
                      data-testid={`pref-${kind}-${channel}`}
                    />
                    {t(`preferences.channels.${channel}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      {message ? (
        <Alert tone={message.tone} testId="preferences-message">
          {message.text}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" busy={saving} data-testid="preferences-save">
          {saving ? t('preferences.saving') : t('preferences.save')}
        </Button>
      </div>
    </form>
  );
}
