/** Without CHORUS_SECRET_KEY the product runs as before; single sign-on says what it needs and stores nothing. */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  delete process.env.CHORUS_SECRET_KEY;
});

import { db } from '@/server/db/client';
import { ssoProviders } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { adminSsoProviderRoute, adminSsoRoute, ssoStartRoute } from './sso-handlers';
import { listSsoButtons } from './sso-service';

useTestDatabase();

describe('single sign-on without CHORUS_SECRET_KEY', () => {
  it('says so in the settings, and refuses to save a provider with a clear error', async () => {
    const admin = await createTestActor('admin');
    expect((await callRoute(adminSsoRoute, { as: admin })).json).toMatchObject({ secretKeyConfigured: false, providers: [] });
    const saved = await callRoute(adminSsoProviderRoute, {
      method: 'PUT',
      params: { provider: 'google' },
      body: { label: 'Google', clientId: 'id', clientSecret: 'secret' },
      as: admin,
    });
    expect(saved.status).toBe(409);
    expect(saved.json.error?.message).toMatch(/CHORUS_SECRET_KEY/);
    expect(await db().select().from(ssoProviders)).toHaveLength(0);
  });

  it('shows no provider buttons and starts no sign-in, even with a provider row left from before', async () => {
    await db()
      .insert(ssoProviders)
      .values({ id: 'github', label: 'GitHub', clientId: 'c', clientSecretSealed: 'v1.x.y', scopes: 'read:user user:email' });
    expect(await listSsoButtons()).toEqual([]);
    expect((await callRoute(ssoStartRoute, { method: 'POST', params: { provider: 'github' }, body: {} })).status).toBe(404);
  });
});
