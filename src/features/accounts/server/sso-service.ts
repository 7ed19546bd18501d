/**
 * Single sign-on settings (docs/sso.md): the providers an admin configures, and the switch that
 * turns password sign-in off. Two rules keep a workspace from locking everyone out: password
 * sign-in can be turned off only by an admin who has signed in through an enabled provider, and
 * while it is off the last enabled provider cannot be disabled or removed. CHORUS_FORCE_PASSWORD_SIGN_IN
 * is the recovery path when a provider itself goes away.
 */
import type { z } from 'zod';
import { env } from '@/config/env';
import { recordAudit } from '@/features/audit/server/service';
import { seal, secretKeyConfigured } from '@/server/crypto/secret-box';
import { db, type DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import {
  SSO_PRESETS,
  SSO_PROVIDERS,
  type SsoButton,
  type SsoProviderId,
  type SsoProviderView,
  type SsoSettingsView,
  type ssoProviderInput,
} from '../sso-schema';
import { forgetSsoConfiguration, issuerAllowed, issuerRefusal, secretContext, ssoRedirectUri } from './sso-client';
import {
  deleteSsoProvider,
  getPasswordSignIn,
  getSsoProvider,
  hasEnabledSsoIdentity,
  listSsoProviders,
  setPasswordSignIn,
  upsertSsoProvider,
  type SsoProviderRow,
} from './sso-queries';

interface Admin {
  id: string;
  displayName: string;
}

function viewOf(row: SsoProviderRow): SsoProviderView {
  return {
    id: row.id,
    label: row.label,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: true,
    scopes: row.scopes,
    enabled: row.enabled,
    adminSignInAt: row.adminSignInAt?.toISOString() ?? null,
  };
}

export async function getSsoSettings(viewer: Admin): Promise<SsoSettingsView> {
  const [providers, passwordSignIn, viewerHasSignedInWithSso] = await Promise.all([
    listSsoProviders(db()),
    getPasswordSignIn(db()),
    hasEnabledSsoIdentity(db(), viewer.id),
  ]);
  return {
    secretKeyConfigured: secretKeyConfigured(),
    passwordSignIn,
    passwordSignInForced: env().CHORUS_FORCE_PASSWORD_SIGN_IN,
    viewerHasSignedInWithSso,
    providers: providers.map(viewOf),
    redirectUris: Object.fromEntries(SSO_PROVIDERS.map((id) => [id, ssoRedirectUri(id)])) as Record<SsoProviderId, string>,
  };
}

const noKey = () =>
  new AppError(
    'CONFLICT',
    'Single sign-on needs CHORUS_SECRET_KEY, which encrypts client secrets: set it in the environment and restart.',
    {
      reason: 'ssoNeedsSecretKey',
    },
  );

/** Whether turning this provider off (or removing it) would leave nobody able to sign in. */
async function wouldLockOut(tx: DbOrTx, id: SsoProviderId): Promise<boolean> {
  if (env().CHORUS_FORCE_PASSWORD_SIGN_IN || (await getPasswordSignIn(tx, { forUpdate: true }))) return false;
  const others = (await listSsoProviders(tx)).filter((p) => p.id !== id && p.enabled);
  return others.length === 0;
}

const lockOut = () =>
  new AppError('CONFLICT', 'Password sign-in is off: turn it back on before you disable or remove the last single sign-on provider.', {
    reason: 'ssoLastProvider',
  });

/** Saves a provider's configuration; a secret left out keeps the stored one. */
export async function saveSsoProvider(
  actor: Admin,
  id: SsoProviderId,
  input: z.output<typeof ssoProviderInput>,
  ip: string,
): Promise<SsoProviderView> {
  if (!secretKeyConfigured()) throw noKey();
  const preset = SSO_PRESETS[id];
  const issuer = id === 'oidc' ? input.issuer?.replace(/\/+$/, '') : preset.issuer;
  if (id === 'oidc' && !issuer) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { issuer: 'Enter the issuer URL, like https://login.example.com' } });
  }
  if (issuer && !issuerAllowed(issuer)) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      fields: { issuer: 'Use an https:// issuer (plain http only for a provider on this machine)' },
    });
  }
  // The typed issuer is fetched by the server: not inside its network unless the operator allows it.
  const refusal = id === 'oidc' && issuer ? await issuerRefusal(issuer) : null;
  if (refusal) {
    throw new AppError('VALIDATION_FAILED', 'This issuer cannot be used.', {
      fields: { issuer: refusal.message },
      ...(refusal.reason ? { reason: refusal.reason } : {}),
    });
  }
  const view = await db().transaction(async (tx) => {
    const before = await getSsoProvider(tx, id);
    if (!before && !input.clientSecret) {
      throw new AppError('VALIDATION_FAILED', undefined, { fields: { clientSecret: 'Enter the client secret' } });
    }
    if (before?.enabled && !input.enabled && (await wouldLockOut(tx, id))) throw lockOut();
    await upsertSsoProvider(tx, {
      id,
      label: input.label,
      issuer: issuer ?? null,
      clientId: input.clientId,
      clientSecretSealed: input.clientSecret ? seal(input.clientSecret, secretContext(id)) : before!.clientSecretSealed,
      scopes: input.scopes ?? preset.defaultScopes,
      enabled: input.enabled,
    });
    const after = (await getSsoProvider(tx, id))!;
    const audited = (r: SsoProviderRow | undefined) =>
      r && { provider: r.id, label: r.label, issuer: r.issuer, clientId: r.clientId, scopes: r.scopes, enabled: r.enabled };
    await recordAudit(
      {
        actor,
        action: 'sso.provider_saved',
        targetType: 'sso_provider',
        targetId: id,
        before: audited(before),
        after: { ...audited(after), ...(input.clientSecret ? { clientSecret: 'replaced' } : {}) },
        ip,
      },
      tx,
    );
    return viewOf(after);
  });
  forgetSsoConfiguration(id);
  return view;
}

export async function removeSsoProvider(actor: Admin, id: SsoProviderId, ip: string): Promise<void> {
  await db().transaction(async (tx) => {
    const before = await getSsoProvider(tx, id);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.enabled && (await wouldLockOut(tx, id))) throw lockOut();
    await deleteSsoProvider(tx, id);
    await recordAudit(
      {
        actor,
        action: 'sso.provider_removed',
        targetType: 'sso_provider',
        targetId: id,
        before: { provider: id, label: before.label },
        ip,
      },
      tx,
    );
  });
  forgetSsoConfiguration(id);
}

/** Turns password sign-in on or off (SSO only). Off needs an admin who has signed in through an enabled provider. */
export async function changePasswordSignIn(actor: Admin, on: boolean, ip: string): Promise<SsoSettingsView> {
  await db().transaction(async (tx) => {
    const before = await getPasswordSignIn(tx, { forUpdate: true });
    if (before === on) return;
    if (!on && !(await hasEnabledSsoIdentity(tx, actor.id))) {
      throw new AppError(
        'CONFLICT',
        'Sign in through an enabled single sign-on provider yourself first, so that you know it works, then turn password sign-in off.',
        { reason: 'ssoTryFirst' },
      );
    }
    await setPasswordSignIn(tx, on);
    await recordAudit(
      {
        actor,
        action: 'workspace.password_sign_in_changed',
        targetType: 'workspace',
        targetId: '1',
        before: { passwordSignIn: before },
        after: { passwordSignIn: on },
        ip,
      },
      tx,
    );
  });
  return getSsoSettings(actor);
}

/** Whether people may sign in (and sign up) with a password or an emailed link. */
export async function passwordSignInAllowed(from: DbOrTx = db()): Promise<boolean> {
  return env().CHORUS_FORCE_PASSWORD_SIGN_IN || (await getPasswordSignIn(from));
}

/** The buttons on /login: every enabled provider (none while no key is set: their secrets cannot be read). */
export async function listSsoButtons(): Promise<SsoButton[]> {
  if (!secretKeyConfigured()) return [];
  return (await listSsoProviders(db())).filter((p) => p.enabled).map((p) => ({ id: p.id, label: p.label }));
}

/** Refuses password and emailed-link sign-in (and sign-up) while the workspace runs single sign-on only. */
export async function requirePasswordSignIn(): Promise<void> {
  if (!(await passwordSignInAllowed())) {
    throw new AppError(
      'FORBIDDEN',
      'This workspace signs people in through single sign-on only. Use the sign-in button of your provider.',
      {
        reason: 'ssoOnly',
      },
    );
  }
}
