import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgotPasswordRoute, signInRoute, signUpRoute } from '@/features/accounts/server/handlers';
import { meRoute } from '@/features/accounts/server/me-handlers';
import { healthRoute } from '@/features/health/server/handlers';
import { apiNotFoundRoute } from '@/features/health/server/not-found';
import { db } from '@/server/db/client';
import { auditEvents, rateLimits, workspaceSettings } from '@/server/db/schema';
import { createTestActor, TEST_PASSWORD } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { adminSettingsRoute, workspaceRoute } from './handlers';

useTestDatabase();

const DEFAULTS = {
  name: 'Chorus',
  accentColor: '#6d28d9',
  defaultTheme: 'system',
  defaultLocale: 'en',
  access: 'public',
  signupPolicy: 'open',
  allowedDomains: [],
  moderation: 'off',
  emailConfirmation: 'auto',
  showPoweredBy: true,
  widgetOrigins: [],
} as const;

beforeEach(async () => {
  await db().delete(rateLimits);
});
afterEach(async () => {
  await db()
    .update(workspaceSettings)
    .set({ ...DEFAULTS, allowedDomains: [], widgetOrigins: [] })
    .where(eq(workspaceSettings.id, 1));
});

const patch = async (body: unknown) => callRoute(adminSettingsRoute, { method: 'PATCH', body, as: await createTestActor('admin') });
const lastSettingsAudit = async () =>
  (
    await db().select().from(auditEvents).where(eq(auditEvents.action, 'workspace.settings_changed')).orderBy(desc(auditEvents.id)).limit(1)
  )[0];

describe('workspace settings', () => {
  it('reads every setting', async () => {
    const res = await callRoute(adminSettingsRoute, { as: await createTestActor('admin') });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(DEFAULTS);
  });

  it('saves a partial change, normalised, and audits only what changed, with the IP', async () => {
    const admin = await createTestActor('admin');
    const res = await callRoute(adminSettingsRoute, {
      method: 'PATCH',
      as: admin,
      body: {
        name: '  Acme  ',
        accentColor: '#AABBCC',
        signupPolicy: 'domain_allowlist',
        allowedDomains: ['Example.com', '@acme.co.uk', 'example.com'],
        moderation: 'all',
        emailConfirmation: 'required',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      ...DEFAULTS,
      name: 'Acme',
      accentColor: '#aabbcc',
      signupPolicy: 'domain_allowlist',
      allowedDomains: ['example.com', 'acme.co.uk'],
      moderation: 'all',
      emailConfirmation: 'required',
    });
    const event = await lastSettingsAudit();
    expect(event).toMatchObject({
      actorId: admin.id,
      targetType: 'workspace',
      before: {
        name: 'Chorus',
        accentColor: '#6d28d9',
        signupPolicy: 'open',
        allowedDomains: [],
        moderation: 'off',
        emailConfirmation: 'auto',
      },
      after: {
        name: 'Acme',
        accentColor: '#aabbcc',
        signupPolicy: 'domain_allowlist',
        allowedDomains: ['example.com', 'acme.co.uk'],
        moderation: 'all',
        emailConfirmation: 'required',
      },
    });
    expect(Object.keys(event!.after as object)).not.toContain('access');
    expect(event!.ip).toMatch(/127\.0\.0\.1/);

    const before = (await db().select().from(auditEvents)).length;
    expect((await callRoute(adminSettingsRoute, { method: 'PATCH', as: admin, body: { name: 'Acme' } })).status).toBe(200);
    expect((await db().select().from(auditEvents)).length).toBe(before);
  });

  it.each([
    [{ accentColor: 'red' }, 'accentColor'],
    [{ accentColor: '#12345' }, 'accentColor'],
    [{ name: 'A' }, 'name'],
    [{ name: 'x'.repeat(51) }, 'name'],
    [{ allowedDomains: ['example.com', 'not a domain'] }, 'allowedDomains'],
    [{ allowedDomains: ['-bad-.com'] }, 'allowedDomains'],
    [{ allowedDomains: ['http://example.com'] }, 'allowedDomains'],
    [{ signupPolicy: 'domain_allowlist' }, 'allowedDomains'],
    [{ access: 'private' }, 'access'],
    [{ moderation: 'sometimes' }, 'moderation'],
    [{ defaultTheme: 'blue' }, 'defaultTheme'],
    [{ emailConfirmation: 'sometimes' }, 'emailConfirmation'],
    [{ widgetOrigins: ['https://app.example.com/path'] }, 'widgetOrigins'],
    [{ widgetOrigins: ["https://app.example.com 'unsafe-inline'"] }, 'widgetOrigins'],
    [{ widgetOrigins: 'https://app.example.com' }, 'widgetOrigins'],
  ])('refuses %j with 422 on %s', async (body, field) => {
    const res = await patch(body);
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('VALIDATION_FAILED');
    expect(res.json.error?.fields).toHaveProperty([field]);
  });

  it('keeps the widget’s host origins canonical, and audits them', async () => {
    const res = await patch({ widgetOrigins: ['HTTPS://App.Example.com:443/', 'http://localhost:3000', 'https://app.example.com'] });
    expect(res.status).toBe(200);
    expect(res.json.widgetOrigins).toEqual(['https://app.example.com', 'http://localhost:3000']);
    expect((await lastSettingsAudit())?.after).toEqual({ widgetOrigins: ['https://app.example.com', 'http://localhost:3000'] });
    expect((await patch({ widgetOrigins: [] })).json.widgetOrigins).toEqual([]);
  });

  it('the sign-up policy takes effect', async () => {
    await patch({ signupPolicy: 'domain_allowlist', allowedDomains: ['allowed.test'] });
    const signUp = (email: string) =>
      callRoute(signUpRoute, { method: 'POST', body: { email, displayName: 'New', password: 'a long password' } });
    // Signed in at once (201): the tests have no SMTP, so a confirmed email is not required.
    expect((await signUp('someone@allowed.test')).status).toBe(201);
    expect((await signUp('someone@elsewhere.test')).status).toBe(403);
    await patch({ signupPolicy: 'invite_only' });
    expect((await signUp('other@allowed.test')).status).toBe(403);
  });
});

describe('a sign-in-required workspace', () => {
  it('answers visitors 401 on public reads, keeps health, sign-in and the account flows open, and lets people in', async () => {
    expect((await callRoute(workspaceRoute)).status).toBe(200);
    expect((await patch({ access: 'sign_in_required' })).status).toBe(200);

    const read = await callRoute(workspaceRoute);
    expect(read.status).toBe(401);
    expect(read.json.error?.code).toBe('UNAUTHENTICATED');
    const member = await createTestActor('member');
    expect((await callRoute(workspaceRoute, { as: member })).json).toMatchObject({ name: 'Chorus', access: 'sign_in_required' });

    expect((await callRoute(healthRoute)).status).toBe(200);
    expect((await callRoute(apiNotFoundRoute, { path: '/api/v1/nope' })).status).toBe(404);
    expect((await callRoute(forgotPasswordRoute, { method: 'POST', body: { email: 'anyone@example.test' } })).status).toBe(202);
    const wrong = await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: 'not the password' } });
    expect(wrong.json.error?.code).toBe('INVALID_CREDENTIALS');
    const signedIn = await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: TEST_PASSWORD } });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    expect((await callRoute(meRoute, { as: { cookie } })).status).toBe(200);

    expect((await patch({ access: 'public' })).status).toBe(200);
    expect((await callRoute(workspaceRoute)).status).toBe(200);
  });
});
