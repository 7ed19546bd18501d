import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import { useTranslations } from 'use-intl';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ApiError, api, apiUpload } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';

type Asset = 'logo' | 'favicon';

/** One branding image: its preview, a file picker that uploads at once, and removal. */
function BrandingImage({ asset, url }: { asset: Asset; url: string | null }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const router = useRouter();
  const picker = useRef<HTMLInputElement | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const inputId = `branding-${asset}`;

  async function run(kind: 'upload' | 'remove', work: () => Promise<unknown>, done: string) {
    setBusy(kind);
    setMessage(null);
    try {
      await work();
      setMessage({ tone: 'success', text: done });
      // The header, favicon and footer come from the shell's data: reload it.
      await refreshPage(router);
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('common.tryAgain') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid={`branding-${asset}`}>
      <h3 className="text-base font-semibold">{t(`branding.${asset}.title`)}</h3>
      <p className="text-sm text-muted" id={`${inputId}-hint`}>
        {t(`branding.${asset}.hint`)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded PNG served by our own route
          <img
            src={url}
            alt={t(`branding.${asset}.alt`)}
            className={`${asset === 'logo' ? 'h-8 w-auto max-w-40' : 'h-8 w-8'} rounded border border-border bg-bg object-contain`}
            data-testid={`branding-${asset}-preview`}
          />
        ) : (
          <span className="text-sm text-muted">{t('branding.none')}</span>
        )}
        <label htmlFor={inputId} className="sr-only">
          {t(`branding.${asset}.choose`)}
        </label>
        <input
          ref={picker}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-describedby={`${inputId}-hint`}
          data-testid={`branding-${asset}-input`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file)
              void run('upload', () => apiUpload(`/api/v1/admin/branding/${asset}`, file, { method: 'PUT' }), t(`branding.${asset}.saved`));
          }}
        />
        <Button variant="secondary" busy={busy === 'upload'} disabled={busy !== null} onClick={() => picker.current?.click()}>
          {busy === 'upload' ? t('branding.uploading') : url ? t(`branding.${asset}.replace`) : t(`branding.${asset}.upload`)}
        </Button>
        {url ? (
          <Button
            variant="secondary"
            busy={busy === 'remove'}
            disabled={busy !== null}
            onClick={() =>
              void run('remove', () => api(`/api/v1/admin/branding/${asset}`, { method: 'DELETE' }), t(`branding.${asset}.removed`))
            }
          >
            {t(`branding.${asset}.remove`)}
          </Button>
        ) : null}
      </div>
      {message ? (
        <Alert tone={message.tone} testId={`branding-${asset}-message`}>
          {message.text}
        </Alert>
      ) : null}
    </div>
  );
}

/** The logo and favicon (admins): each saved as soon as a file is chosen. */
export function BrandingSettings({ logoUrl, faviconUrl }: { logoUrl: string | null; faviconUrl: string | null }) {
  const t = useTranslations('teamAdmin');
  return (
    <section aria-labelledby="branding-heading" className="flex max-w-2xl flex-col gap-6">
      <h2 id="branding-heading" className="text-lg font-semibold">
        {t('branding.heading')}
      </h2>
      <BrandingImage asset="logo" url={logoUrl} />
      <BrandingImage asset="favicon" url={faviconUrl} />
    </section>
  );
}
