import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '@/features/audit/server/service';
import { db, queryRows } from '@/server/db/client';
import { users, workspaceSettings } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import { logger } from '@/server/log';
import { setupInput } from '../schema';
import { forgetWorkspace } from '@/server/workspace';
import { hashPassword } from './passwords';

/**
 * First run: names the workspace and creates the first admin, once. The workspace row is
 * locked for the check, so two simultaneous setups cannot both succeed.
 */
export async function completeSetup(input: z.output<typeof setupInput>, ip?: string): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(input.password);
  const result = await db().transaction(async (tx) => {
    const [ws] = await tx.select().from(workspaceSettings).where(eq(workspaceSettings.id, 1)).for('update');
    if (ws?.setupCompletedAt) throw new AppError('SETUP_DONE');
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, displayName: input.displayName, passwordHash, role: 'admin', emailVerifiedAt: new Date() })
      .onConflictDoUpdate({
        target: users.email,
        set: { role: 'admin', passwordHash, displayName: input.displayName, emailVerifiedAt: new Date(), bannedAt: null },
      })
      .returning();
    await tx
      .update(workspaceSettings)
      .set({ name: input.workspaceName, setupCompletedAt: new Date(), updatedAt: new Date() })
      .where(eq(workspaceSettings.id, 1));
    const actor = { id: user!.id, displayName: user!.displayName };
    await recordAudit(
      { actor, action: 'workspace.setup', targetType: 'workspace', targetId: '1', after: { name: input.workspaceName }, ip },
      tx,
    );
    return { userId: user!.id };
  });
  forgetWorkspace();
  return result;
}

export async function isSetupDone(): Promise<boolean> {
  const rows = await queryRows<{ done: boolean }>(sql`select setup_completed_at is not null as done from workspace_settings where id = 1`);
  return Boolean(rows[0]?.done);
}

export interface HeadlessSetupOptions {
  email?: string;
  password?: string;
  /** Default "Chorus". */
  workspaceName?: string;
}

/** What headlessSetup did: completed setup (with these values), found it done, or had no admin to complete it with. */
export type HeadlessSetupOutcome =
  { status: 'completed'; email: string; workspaceName: string } | { status: 'already-done' } | { status: 'no-admin' };

/**
 * Headless installs: completes first-run setup with this admin when it has not been done, so a
 * script gets a ready install. `npm start` calls it with CHORUS_ADMIN_EMAIL,
 * CHORUS_ADMIN_PASSWORD and CHORUS_WORKSPACE_NAME; `npm run seed:demo` with the same variables
 * or its flags. The values are checked like the /setup form's: 422 VALIDATION_FAILED with
 * `fields` (workspaceName, email, password).
 */
export async function headlessSetup(opts: HeadlessSetupOptions): Promise<HeadlessSetupOutcome> {
  if (await isSetupDone()) return { status: 'already-done' };
  if (!opts.email || !opts.password) return { status: 'no-admin' };
  const input = setupInput.safeParse({
    workspaceName: opts.workspaceName ?? 'Chorus',
    displayName: 'Admin',
    email: opts.email,
    password: opts.password,
  });
  if (!input.success) {
    const fields = Object.fromEntries(input.error.issues.map((i) => [String(i.path[0]), i.message]));
    throw new AppError('VALIDATION_FAILED', undefined, { fields });
  }
  try {
    await completeSetup(input.data);
    logger().info({ email: input.data.email, workspace: input.data.workspaceName }, 'first-run setup completed headlessly');
    return { status: 'completed', email: input.data.email, workspaceName: input.data.workspaceName };
  } catch (err) {
    if (err instanceof AppError && err.code === 'SETUP_DONE') return { status: 'already-done' }; // another instance won the race
    throw err;
  }
}
