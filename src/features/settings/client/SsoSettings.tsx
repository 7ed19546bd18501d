import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { ApiError, api } from '@/lib/api';
import { SSO_PRESETS, SSO_PROVIDERS, type SsoProviderId, type SsoProviderView, type SsoSettingsView } from '@/features/accounts/sso-schema';

type Message = { tone: 'success' | 'error'; text: string } | null;

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : 'That did not work. Try again.');

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
  const router = useRouter();
  const preset = SSO_PRESETS[id];
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
      await router.replace(router.asPath, undefined, { scroll: false });
    } catch (err) {
      if (err instanceof ApiError) setFields(err.fields);
      setMessage({ tone: 'error', text: errorText(err) });
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
    void run('save', () => api(`/api/v1/admin/sso/${id}`, { method: 'PUT', body }), `${preset.name} saved.`);
  };

  const headingId = `sso-${id}-heading`;
  const status = !current ? 'Not set up' : current.enabled ? 'On' : 'Off';
  return (
    <form onSubmit={save} noValidate aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4" data-testid={`sso-form-${id}`}>
      <h3 id={headingId} className="m-0 text-base font-semibold">
        {preset.name} <span className="text-sm font-normal text-muted">({status})</span>
      </h3>
      <p className="m-0 text-sm text-muted">
        Redirect URI to register with the provider: <code className="break-all">{redirectUri}</code>
      </p>
      <Field id={idOf('label')} label="Button label" value={values.label} onChange={set('label')} error={fields.label} autoComplete="off" />
      {id === 'oidc' ? (
        <Field
          id={idOf('issuer')}
          label="Issuer URL"
          hint="The provider's issuer; its settings are read from /.well-known/openid-configuration."
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
        label="Client ID"
        value={values.clientId}
        onChange={set('clientId')}
        error={fields.clientId}
        autoComplete="off"
        spellCheck={false}
      />
      <Field
        id={idOf('client-secret')}
        label={current ? 'Replace the client secret' : 'Client secret'}
        type="password"
        hint={current ? 'A secret is set. It is never shown again; leave this empty to keep it.' : 'Stored encrypted; never shown again.'}
        value={values.clientSecret}
        onChange={set('clientSecret')}
        error={fields.clientSecret}
        autoComplete="new-password"
      />
      <Field
        id={idOf('scopes')}
        label="Scopes"
        hint="Separated by spaces."
        value={values.scopes}
        onChange={set('scopes')}
        error={fields.scopes}
        autoComplete="off"
        spellCheck={false}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" checked={values.enabled} onChange={set('enabled')} data-testid={`sso-${id}-enabled`} />
        Show this provider on the sign-in page
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
          {busy === 'save' ? 'Saving…' : `Save ${preset.name}`}
        </Button>
        {current ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" disabled={busy !== null}>
                {`Remove ${preset.name}`}
              </Button>
            }
            title={`Remove ${preset.name}?`}
            description={
              'Its settings and client secret are deleted and its button leaves the sign-in page. ' +
              'Accounts that signed in through it keep any other way they have to sign in.'
            }
            confirmLabel={`Remove ${preset.name}`}
            testId={`sso-${id}-remove-dialog`}
            onConfirm={async () => {
              await api(`/api/v1/admin/sso/${id}`, { method: 'DELETE' });
              setMessage({ tone: 'success', text: `${preset.name} removed.` });
              await router.replace(router.asPath, undefined, { scroll: false });
            }}
          />
        ) : null}
      </div>
    </form>
  );
}

/** The password sign-in switch: off means single sign-on only. */
function PasswordSignIn({ settings }: { settings: SsoSettingsView }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const on = settings.passwordSignIn;

  async function toggle() {
    setBusy(true);
    setMessage(null);
    try {
      await api('/api/v1/admin/sso', { method: 'PATCH', body: { passwordSignIn: !on } });
      setMessage({ tone: 'success', text: on ? 'Password sign-in is off: single sign-on only.' : 'Password sign-in is on.' });
      await router.replace(router.asPath, undefined, { scroll: false });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="sso-password-sign-in">
      <h3 className="m-0 text-base font-semibold">Password sign-in</h3>
      <p className="m-0 text-sm">
        {on
          ? 'On: people can sign in with a password or an emailed link, and through the providers above.'
          : 'Off: people sign in through the providers above only, and new accounts are made by signing in through one.'}
      </p>
      {on && !settings.viewerHasSignedInWithSso ? (
        <p className="m-0 text-sm text-muted">
          To turn it off, first sign out and sign in through an enabled provider yourself, so that you know it works.
        </p>
      ) : null}
      {settings.passwordSignInForced ? (
        <Alert tone="info">CHORUS_FORCE_PASSWORD_SIGN_IN is set: password sign-in works whatever is chosen here.</Alert>
      ) : null}
      <div aria-live="polite" className="empty:hidden">
        {message ? (
          <Alert tone={message.tone} testId="sso-password-message">
            {message.text}
          </Alert>
        ) : null}
      </div>
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void toggle()} data-testid="sso-password-toggle">
          {on ? 'Turn password sign-in off' : 'Turn password sign-in on'}
        </Button>
      </div>
    </div>
  );
}

/** `/admin/settings`, "Single sign-on": the providers and the password sign-in switch (admins). */
export function SsoSettings({ settings }: { settings: SsoSettingsView }) {
  return (
    <section aria-labelledby="sso-heading" className="flex max-w-2xl flex-col gap-8" data-testid="sso-settings">
      <div className="flex flex-col gap-2">
        <h2 id="sso-heading" className="m-0 text-lg font-semibold">
          Single sign-on
        </h2>
        <p className="m-0 text-sm text-muted">
          Let people sign in with an OpenID Connect provider, Google or GitHub. An account is linked by a verified email address only.
        </p>
        {!settings.secretKeyConfigured ? (
          <Alert tone="info" testId="sso-needs-key">
            Single sign-on needs the CHORUS_SECRET_KEY environment variable, which encrypts client secrets. Set it (for example to the
            output of <code>openssl rand -base64 32</code>) and restart; until then providers cannot be saved.
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
