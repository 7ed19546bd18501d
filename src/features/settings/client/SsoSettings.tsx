import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { ApiError, api } from '@/lib/api';
import { SSO_PRESETS, SSO_PROVIDERS, type SsoProviderId, type SsoProviderView, type SsoSettingsView } from '@/features/accounts/sso-schema';
import { useApiErrorText } from '@/lib/api-error-text';

type Message = { tone: 'success' | 'error'; text: string } | null;

const code = (chunks: ReactNode) => <code className="break-all">{chunks}</code>;

/** One provider's form: label, issuer (generic OIDC only), client id, a write-only secret, scopes, on/off. */
function ProviderForm({
  id,
  current,
  redirectUri,
  locked,
}: {
  id: SsoProviderId;
  current: SsoProviderView | undefined;
  redirectUri: string;
  /** CHORUS_SECRET_KEY is not set: nothing can be saved (the section says why). */
  locked: boolean;
}) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const router = useRouter();
  const preset = SSO_PRESETS[id];
  const provider = preset.name;
  const [values, setValues] = useState({
    label: current?.label ?? preset.defaultLabel,
    issuer: current?.issuer ?? '',
    clientId: current?.clientId ?? '',
    clientSecret: '',
    scopes: current?.scopes ?? preset.defaultScopes,
    enabled: current?.enabled ?? true,
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const set = (k: keyof typeof values) => (e: { currentTarget: HTMLInputElement }) => {
    // Read the input now: React clears `currentTarget` once the handler returns, before a deferred updater runs.
    const value = k === 'enabled' ? e.currentTarget.checked : e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };
  const idOf = (k: string) => `sso-${id}-${k}`;

  async function run(kind: 'save', work: () => Promise<unknown>, done: string) {
    setBusy(kind);
    setMessage(null);
    setFields({});
    try {
      await work();
      setMessage({ tone: 'success', text: done });
      setValues((v) => ({ ...v, clientSecret: '' }));
      await refreshPage(router);
    } catch (err) {
      // In the reader's language: the reason's words (a refused issuer), else "check this field".
      if (err instanceof ApiError) setFields(errorText.fields(err));
      setMessage({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('common.tryAgain') });
    } finally {
      setBusy(null);
    }
  }

  const save = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      label: values.label,
      clientId: values.clientId,
      scopes: values.scopes,
      enabled: values.enabled,
      ...(id === 'oidc' ? { issuer: values.issuer } : {}),
      ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
    };
    void run('save', () => api(`/api/v1/admin/sso/${id}`, { method: 'PUT', body }), t('sso.saved', { provider }));
  };

  const headingId = `sso-${id}-heading`;
  const status = !current ? 'none' : current.enabled ? 'on' : 'off';
  return (
    <form onSubmit={save} noValidate aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4" data-testid={`sso-form-${id}`}>
      <h3 id={headingId} className="m-0 text-base font-semibold">
        {preset.name} <span className="text-sm font-normal text-muted">{t('sso.status', { status })}</span>
      </h3>
      <p className="m-0 text-sm text-muted">{t.rich('sso.redirect', { uri: redirectUri, code })}</p>
      <Field
        id={idOf('label')}
        label={t('sso.label')}
        value={values.label}
        onChange={set('label')}
        error={fields.label}
        autoComplete="off"
      />
      {id === 'oidc' ? (
        <Field
          id={idOf('issuer')}
          label={t('sso.issuer')}
          hint={t('sso.issuerHint')}
          value={values.issuer}
          onChange={set('issuer')}
          error={fields.issuer}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
        />
      ) : null}
      <Field
        id={idOf('client-id')}
        label={t('sso.clientId')}
        value={values.clientId}
        onChange={set('clientId')}
        error={fields.clientId}
        autoComplete="off"
        spellCheck={false}
      />
      <Field
        id={idOf('client-secret')}
        label={current ? t('sso.replaceSecret') : t('sso.clientSecret')}
        type="password"
        hint={current ? t('sso.secretSet') : t('sso.secretNew')}
        value={values.clientSecret}
        onChange={set('clientSecret')}
        error={fields.clientSecret}
        autoComplete="new-password"
      />
      <Field
        id={idOf('scopes')}
        label={t('sso.scopes')}
        hint={t('sso.scopesHint')}
        value={values.scopes}
        onChange={set('scopes')}
        error={fields.scopes}
        autoComplete="off"
        spellCheck={false}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" checked={values.enabled} onChange={set('enabled')} data-testid={`sso-${id}-enabled`} />
        {t('sso.show')}
      </label>
      <div aria-live="polite" className="empty:hidden">
        {message ? (
          <Alert tone={message.tone} testId={`sso-${id}-message`}>
            {message.text}
          </Alert>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy === 'save'} disabled={busy !== null || locked}>
          {busy === 'save' ? t('common.saving') : t('sso.save', { provider })}
        </Button>
        {current ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" disabled={busy !== null}>
                {t('sso.remove', { provider })}
              </Button>
            }
            title={t('sso.removeTitle', { provider })}
            description={t('sso.removeDescription')}
            confirmLabel={t('sso.remove', { provider })}
            testId={`sso-${id}-remove-dialog`}
            onConfirm={async () => {
              await api(`/api/v1/admin/sso/${id}`, { method: 'DELETE' });
              setMessage({ tone: 'success', text: t('sso.removed', { provider }) });
              await refreshPage(router);
            }}
          />
        ) : null}
      </div>
    </form>
  );
}

/** The password sign-in switch: off means single sign-on only. */
function PasswordSignIn({ settings }: { settings: SsoSettingsView }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const on = settings.passwordSignIn;

  async function toggle() {
    setBusy(true);
    setMessage(null);
    try {
      await api('/api/v1/admin/sso', { method: 'PATCH', body: { passwordSignIn: !on } });
      setMessage({ tone: 'success', text: on ? t('sso.password.turnedOff') : t('sso.password.turnedOn') });
      await refreshPage(router);
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('common.tryAgain') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="sso-password-sign-in">
      <h3 className="m-0 text-base font-semibold">{t('sso.password.heading')}</h3>
      <p className="m-0 text-sm">{on ? t('sso.password.on') : t('sso.password.off')}</p>
      {on && !settings.viewerHasSignedInWithSso ? <p className="m-0 text-sm text-muted">{t('sso.password.firstSso')}</p> : null}
      {settings.passwordSignInForced ? <Alert tone="info">{t('sso.password.forced')}</Alert> : null}
      <div aria-live="polite" className="empty:hidden">
        {message ? (
          <Alert tone={message.tone} testId="sso-password-message">
            {message.text}
          </Alert>
        ) : null}
      </div>
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void toggle()} data-testid="sso-password-toggle">
          {on ? t('sso.password.turnOff') : t('sso.password.turnOn')}
        </Button>
      </div>
    </div>
  );
}

/** `/admin/settings`, "Single sign-on": the providers and the password sign-in switch (admins). */
export function SsoSettings({ settings }: { settings: SsoSettingsView }) {
  const t = useTranslations('teamAdmin');
  return (
    <section aria-labelledby="sso-heading" className="flex max-w-2xl flex-col gap-8" data-testid="sso-settings">
      <div className="flex flex-col gap-2">
        <h2 id="sso-heading" className="m-0 text-lg font-semibold">
          {t('sso.heading')}
        </h2>
        <p className="m-0 text-sm text-muted">{t('sso.intro')}</p>
        {!settings.secretKeyConfigured ? (
          <Alert tone="info" testId="sso-needs-key">
            {t.rich('sso.needsKey', { code: (chunks) => <code>{chunks}</code> })}
          </Alert>
        ) : null}
      </div>
      {SSO_PROVIDERS.map((id) => (
        <ProviderForm
          key={id}
          id={id}
          current={settings.providers.find((p) => p.id === id)}
          redirectUri={settings.redirectUris[id]}
          locked={!settings.secretKeyConfigured}
        />
      ))}
      <PasswordSignIn settings={settings} />
    </section>
  );
}
