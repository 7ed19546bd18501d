import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useFormats } from '@/lib/use-formats';
import { focusWhenSettled } from '@/lib/focus';
import { ApiError, api } from '@/lib/api';
import type { IdentifySecret, IdentifySettings as IdentifySetup } from '@/features/identify/schema';
import { useApiErrorText } from '@/lib/api-error-text';

const SECRET_PATH = '/api/v1/admin/identify/secret';
const code = (chunks: ReactNode) => <code className="break-all">{chunks}</code>;

/**
 * The new secret, shown once, with a Copy button; focus moves to its heading when it appears.
 * After replacing, the confirmation dialog closes after this, and sends focus here too
 * (`focusOnClose`) rather than back to its button; cancelled, it returns focus to its button.
 */
function NewSecret({ secret, onDone, heading }: { secret: string; onDone: () => void; heading: RefObject<HTMLHeadingElement | null> }) {
  const t = useTranslations('teamAdmin');
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => focusWhenSettled(() => heading.current), [secret, heading]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="rounded-xl border border-accent bg-surface p-4" data-testid="identify-secret">
      <h3 ref={heading} tabIndex={-1} className="mb-1 text-base font-semibold">
        {t('identify.newTitle')}
      </h3>
      <p className="mb-3 text-sm text-muted">{t('identify.newNote')}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 rounded-md border border-border bg-bg px-3 py-2 text-sm break-all"
          data-testid="identify-secret-value"
        >
          {secret}
        </code>
        <div className="flex gap-2">
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => void copy()}>
            {t('common.copy')}
          </Button>
          <Button variant="secondary" className="px-3 py-1.5" onClick={onDone}>
            {t('common.done')}
          </Button>
        </div>
      </div>
      <p aria-live="polite" className="mt-2 text-sm empty:hidden">
        {copied === 'copied' ? t('common.copied') : copied === 'failed' ? t('identify.copyFailed') : ''}
      </p>
    </div>
  );
}

/**
 * "Identify users from your product" (admins): whether an identify secret exists, what a token
 * must carry, and a button to create or replace the secret, which is shown once (docs/identify.md).
 */
export function IdentifySettings({ initial }: { initial: IdentifySetup }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const formats = useFormats();
  const [setup, setSetup] = useState(initial);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  const secretHeading = useRef<HTMLHeadingElement>(null);
  const replaced = useRef(false);

  /** Makes the secret; a failure is the caller's to show (the dialog shows its own). */
  const make = async () => {
    const { secret: value, ...rest } = await api<IdentifySecret>(SECRET_PATH, { method: 'POST' });
    setSetup(rest);
    setSecret(value);
  };

  const create = async () => {
    setError(null);
    setBusy(true);
    try {
      await make();
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('common.tryAgain'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="identify-heading" className="flex max-w-2xl flex-col gap-4" data-testid="identify-settings">
      <h2 id="identify-heading" ref={sectionHeading} tabIndex={-1} className="text-lg font-semibold">
        {t('identify.heading')}
      </h2>
      <p className="m-0 text-sm text-muted">{t.rich('identify.intro', { code })}</p>
      <dl className="m-0 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t('identify.algorithm')}</dt>
        <dd className="m-0">{setup.algorithm}</dd>
        <dt className="font-medium">{t('identify.audience')}</dt>
        <dd className="m-0 break-all">
          <code data-testid="identify-audience">{setup.audience}</code>
        </dd>
        <dt className="font-medium">{t('identify.lifetime')}</dt>
        <dd className="m-0">{t('identify.lifetimeValue', { minutes: setup.maxLifetimeSeconds / 60 })}</dd>
        <dt className="font-medium">{t('identify.secret')}</dt>
        <dd className="m-0" data-testid="identify-status">
          {setup.configured && setup.createdAt ? t('identify.created', { date: formats.dateTime(setup.createdAt) }) : t('identify.none')}
        </dd>
      </dl>
      {secret ? (
        <NewSecret
          secret={secret}
          heading={secretHeading}
          onDone={() => {
            setSecret(null);
            // The Done button is gone: focus goes back to the section, not to the page's start.
            focusWhenSettled(() => sectionHeading.current);
          }}
        />
      ) : null}
      <div>
        {setup.configured ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" data-testid="identify-rotate">
                {t('identify.replace')}
              </Button>
            }
            title={t('identify.replaceTitle')}
            description={t('identify.replaceDescription')}
            confirmLabel={t('identify.replace')}
            onConfirm={async () => {
              await make();
              replaced.current = true;
            }}
            // Once replaced, the new secret, not the button: the dialog closes once it is shown.
            // Cancelled, back to the button, even while an earlier secret is still on screen.
            focusOnClose={() => {
              const done = replaced.current;
              replaced.current = false;
              return done ? secretHeading.current : null;
            }}
            testId="identify-rotate-dialog"
          />
        ) : (
          <Button busy={busy} onClick={() => void create()} data-testid="identify-create">
            {t('identify.create')}
          </Button>
        )}
      </div>
      {error ? (
        <Alert tone="error" testId="identify-error">
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
