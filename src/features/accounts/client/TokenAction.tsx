import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { describeProblem, type FormProblem } from './errors';
import { FormProblemAlert } from './FormProblemAlert';

/**
 * Uses an emailed single-use token when the person presses a button, never on page load: mail
 * scanners and link previewers open links to check them, and would otherwise use the token up
 * (or sign themselves in) before the person ever clicks.
 */
export function TokenAction({
  token,
  endpoint,
  label,
  busyLabel,
  then,
  invalid,
}: {
  token: string | null;
  endpoint: string;
  label: string;
  busyLabel: string;
  /** Where to go once it worked (a full load, so the page reflects the new session). */
  then: string;
  /** What to say, and offer, when the link has expired or was used. */
  invalid: ReactNode;
}) {
  const t = useTranslations('auth');
  const problemsT = useTranslations('problems');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [passwordCleared, setPasswordCleared] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const invalidRef = useRef<HTMLDivElement>(null);
  const clearedRef = useRef<HTMLDivElement>(null);
  const linkDead = !token || problem?.code === 'TOKEN_INVALID' || problem?.code === 'VALIDATION_FAILED';

  useEffect(() => {
    if (!problem) return;
    (linkDead ? invalidRef : summaryRef).current?.focus();
  }, [problem, linkDead]);
  useEffect(() => {
    if (passwordCleared) clearedRef.current?.focus();
  }, [passwordCleared]);

  if (passwordCleared) {
    // The link proved the address, but someone else had set the account's password: it is gone
    // (and every other session with it). Say so, and lead to where a new one is set.
    return (
      <div ref={clearedRef} tabIndex={-1} role="status" className="flex flex-col gap-3 outline-none" data-testid="password-cleared">
        <h2 className="m-0 text-lg font-semibold">{t('token.clearedTitle')}</h2>
        <p className="m-0">{t('token.clearedBody')}</p>
        <p className="m-0">
          {t.rich('token.clearedNext', {
            link: (chunks) => (
              <a href={`${paths.settings()}#password`} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      </div>
    );
  }

  if (linkDead) {
    return (
      <div ref={invalidRef} tabIndex={-1} className="flex flex-col gap-4 outline-none" data-testid="token-invalid">
        <Alert tone="error">{t('token.invalid')}</Alert>
        {invalid}
      </div>
    );
  }

  const go = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api<{ passwordCleared?: boolean } | undefined>(endpoint, { body: { token } });
      if (answer?.passwordCleared) {
        setPasswordCleared(true);
        setBusy(false);
        return;
      }
      window.location.assign(then);
    } catch (err) {
      setProblem(describeProblem(err, problemsT));
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <FormProblemAlert problem={problem} summaryRef={summaryRef} />
      <Button onClick={() => void go()} busy={busy} data-testid="token-action">
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
