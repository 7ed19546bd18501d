import { useRouter } from 'next/router';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ApiError, api, apiUpload } from '@/lib/api';

type Asset = 'logo' | 'favicon';

const COPY: Record<Asset, { title: string; hint: string; alt: string }> = {
  logo: {
    title: 'Logo',
    hint: 'Shown beside the workspace name in the header and at the top of emails. PNG, JPEG, GIF or WebP, up to 5 MiB; kept at most 1024 px.',
    alt: 'The current logo',
  },
  favicon: {
    title: 'Favicon',
    hint: 'The icon of browser tabs and home-screen shortcuts, made into 32 px and 180 px squares. PNG, JPEG, GIF or WebP, up to 5 MiB.',
    alt: 'The current favicon',
  },
};

/** One branding image: its preview, a file picker that uploads at once, and removal. */
function BrandingImage({ asset, url }: { asset: Asset; url: string | null }) {
  const router = useRouter();
  const picker = useRef<HTMLInputElement | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const copy = COPY[asset];
  const inputId = `branding-${asset}`;

  async function run(kind: 'upload' | 'remove', work: () => Promise<unknown>, done: string) {
    setBusy(kind);
    setMessage(null);
    try {
      await work();
      setMessage({ tone: 'success', text: done });
      // The header, favicon and footer come from the shell's data: reload it.
      await router.replace(router.asPath, undefined, { scroll: false });
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof ApiError ? err.message : 'That did not work. Try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid={`branding-${asset}`}>
      <h3 className="text-base font-semibold">{copy.title}</h3>
      <p className="text-sm text-muted" id={`${inputId}-hint`}>
        {copy.hint}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded PNG served by our own route
          <img
            src={url}
            alt={copy.alt}
            className={`${asset === 'logo' ? 'h-8 w-auto max-w-40' : 'h-8 w-8'} rounded border border-border bg-bg object-contain`}
            data-testid={`branding-${asset}-preview`}
          />
        ) : (
          <span className="text-sm text-muted">None yet.</span>
        )}
        <label htmlFor={inputId} className="sr-only">
          {`Choose a ${asset} image`}
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
              void run('upload', () => apiUpload(`/api/v1/admin/branding/${asset}`, file, { method: 'PUT' }), `${copy.title} saved.`);
          }}
        />
        <Button variant="secondary" busy={busy === 'upload'} disabled={busy !== null} onClick={() => picker.current?.click()}>
          {busy === 'upload' ? 'Uploading…' : url ? `Replace ${asset}` : `Upload ${asset}`}
        </Button>
        {url ? (
          <Button
            variant="secondary"
            busy={busy === 'remove'}
            disabled={busy !== null}
            onClick={() => void run('remove', () => api(`/api/v1/admin/branding/${asset}`, { method: 'DELETE' }), `${copy.title} removed.`)}
          >
            {`Remove ${asset}`}
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
  return (
    <section aria-labelledby="branding-heading" className="flex max-w-2xl flex-col gap-6">
      <h2 id="branding-heading" className="text-lg font-semibold">
        Branding
      </h2>
      <BrandingImage asset="logo" url={logoUrl} />
      <BrandingImage asset="favicon" url={faviconUrl} />
    </section>
  );
}
