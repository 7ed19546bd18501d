import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';

/** Follow or stop following the changelog (members); visitors get a sign-in link instead. */
export function FollowChangelog({ signedIn, initial, returnTo }: { signedIn: boolean; initial: boolean; returnTo: string }) {
  const t = useTranslations('portal');
  const errorText = useApiErrorText();
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!signedIn) {
    return (
      <p className="text-sm text-muted" data-testid="changelog-follow-signin">
        {t.rich('changelog.follow.signIn', {
          link: (chunks) => (
            <Link href={paths.login(returnTo)} className="underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    );
  }
  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ subscribed: boolean }>('/api/v1/changelog/subscription', { method: following ? 'DELETE' : 'PUT' });
      setFollowing(res.subscribed);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('changelog.follow.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" busy={busy} aria-pressed={following} onClick={() => void toggle()} data-testid="changelog-follow">
        {following ? t('changelog.follow.following') : t('changelog.follow.follow')}
      </Button>
      <span role="status" className="text-sm text-muted">
        {error ? (
          <span className="text-danger">{error}</span>
        ) : following ? (
          t.rich('changelog.follow.note', {
            link: (chunks) => (
              <Link href={paths.settingsNotifications()} className="underline">
                {chunks}
              </Link>
            ),
          })
        ) : null}
      </span>
    </div>
  );
}
