import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';

/** Follow or stop following the changelog (members); visitors get a sign-in link instead. */
export function FollowChangelog({ signedIn, initial, returnTo }: { signedIn: boolean; initial: boolean; returnTo: string }) {
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!signedIn) {
    return (
      <p className="text-sm text-muted" data-testid="changelog-follow-signin">
        <Link href={paths.login(returnTo)} className="underline">
          Sign in
        </Link>{' '}
        to follow the changelog.
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
      setError(err instanceof ApiError ? err.message : 'That did not work. Try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" busy={busy} aria-pressed={following} onClick={() => void toggle()} data-testid="changelog-follow">
        {following ? 'Following the changelog' : 'Follow the changelog'}
      </Button>
      <span role="status" className="text-sm text-muted">
        {error ? (
          <span className="text-danger">{error}</span>
        ) : following ? (
          <>
            You hear of each new entry as your{' '}
            <Link href={paths.settingsNotifications()} className="underline">
              notification settings
            </Link>{' '}
            say.
          </>
        ) : null}
      </span>
    </div>
  );
}
