import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInRoute } from '@/features/accounts/server/handlers';
import { isSetupDone } from '@/features/accounts/server/setup-service';
import { getPublicWorkspace } from '@/server/workspace';
import { forgetWorkspace } from '@/server/workspace';
import { db } from '@/server/db/client';
import { rateLimits, users, workspaceSettings } from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { completeSetupForDemo, DemoSetupError } from './setup-first';

useTestDatabase();

const NO_ENV = { CHORUS_ADMIN_EMAIL: undefined, CHORUS_ADMIN_PASSWORD: undefined, CHORUS_WORKSPACE_NAME: undefined };
const ENV = {
  CHORUS_ADMIN_EMAIL: 'Env.Admin@Example.test',
  CHORUS_ADMIN_PASSWORD: 'env admin password',
  CHORUS_WORKSPACE_NAME: 'Env Workspace',
};

const signIn = (email: string, password: string) => callRoute(signInRoute, { method: 'POST', origin: 'self', body: { email, password } });

/** Each test starts before first-run setup. */
beforeEach(async () => {
  await db().update(workspaceSettings).set({ setupCompletedAt: null, name: 'Chorus' }).where(eq(workspaceSettings.id, 1));
  await db().delete(rateLimits);
  forgetWorkspace();
});

describe('npm run seed:demo before setup (completeSetupForDemo)', () => {
  it('completes setup from CHORUS_ADMIN_EMAIL, CHORUS_ADMIN_PASSWORD and CHORUS_WORKSPACE_NAME, as npm start does', async () => {
    expect(await completeSetupForDemo({}, ENV)).toEqual({ email: 'env.admin@example.test', workspaceName: 'Env Workspace' });
    expect(await isSetupDone()).toBe(true);
    expect((await getPublicWorkspace()).name).toBe('Env Workspace');
    const [admin] = await db().select().from(users).where(eq(users.email, 'env.admin@example.test'));
    expect(admin).toMatchObject({ role: 'admin', displayName: 'Admin' });
    expect((await signIn('env.admin@example.test', 'env admin password')).status).toBe(200);
  });

  it('takes each flag over its variable, and names the workspace "Chorus" without either', async () => {
    const flags = { 'admin-email': 'flag.admin@example.test', 'admin-password': 'flag admin password' };
    expect(await completeSetupForDemo(flags, { ...ENV, CHORUS_WORKSPACE_NAME: undefined })).toEqual({
      email: 'flag.admin@example.test',
      workspaceName: 'Chorus',
    });
    expect((await signIn('flag.admin@example.test', 'flag admin password')).status).toBe(200);
    expect((await getPublicWorkspace()).name).toBe('Chorus');
  });

  it('refuses without an admin, naming the flags and the variables, and changes nothing', async () => {
    const refused = completeSetupForDemo({ 'admin-email': 'half@example.test' }, NO_ENV);
    await expect(refused).rejects.toBeInstanceOf(DemoSetupError);
    await expect(refused).rejects.toThrow(/CHORUS_ADMIN_EMAIL and CHORUS_ADMIN_PASSWORD.*--admin-email and --admin-password/);
    expect(await isSetupDone()).toBe(false);
  });

  it('refuses invalid values with the flag and the variable named', async () => {
    const refused = completeSetupForDemo({ 'admin-password': 'short', 'workspace-name': 'x' }, ENV);
    await expect(refused).rejects.toThrow('--admin-password (or CHORUS_ADMIN_PASSWORD): Use at least 10 characters');
    await expect(completeSetupForDemo({ 'workspace-name': 'x' }, ENV)).rejects.toThrow(
      '--workspace-name (or CHORUS_WORKSPACE_NAME): Use at least 2 characters',
    );
    expect(await isSetupDone()).toBe(false);
  });

  it('leaves a set-up workspace as it is, whatever the flags and variables say', async () => {
    await completeSetupForDemo({}, ENV);
    expect(
      await completeSetupForDemo(
        { 'workspace-name': 'Another name', 'admin-email': 'other@example.test', 'admin-password': 'other password 123' },
        NO_ENV,
      ),
    ).toBeNull();
    expect((await getPublicWorkspace()).name).toBe('Env Workspace');
    expect(await db().select().from(users).where(eq(users.email, 'other@example.test'))).toEqual([]);
  });
});
