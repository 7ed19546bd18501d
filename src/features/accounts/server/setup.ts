import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '@/features/audit/server/service';
import { db, queryRows } from '@/server/db/client';
import { users, workspaceSettings } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import { logger } from '@/server/log';
import type { setupInput } from '../schema';
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
      .onConflictDoUpdate({ target: users.email, set: { role: 'admin', passwordHash, displayName: input.displayName, emailVerifiedAt: new Date(), bannedAt: null } })
      .returning();
    await tx.update(workspaceSettings).set({ name: input.workspaceName, setupCompletedAt: new Date(), updatedAt: new Date() }).where(eq(workspaceSettings.id, 1));
    const actor = { id: user!.id, displayName: user!.displayName };
    await recordAudit({ actor, action: 'workspace.setup', targetType: 'workspace', targetId: '1', after: { name: input.workspaceName }, ip }, tx);
    return { userId: user!.id };
  });
  forgetWorkspace();
  return result;
}

export async function isSetupDone(): Promise<boolean> {
  const rows = await queryRows<{ done: boolean }>(sql`select setup_completed_at is not null as done from workspace_settings where id = 1`);
  return Boolean(rows[0]?.done);
}

/**
 * Headless installs: with CHORUS_ADMIN_EMAIL and CHORUS_ADMIN_PASSWORD set, start-up completes
 * setup when it has not been done, so `npm start` comes up ready in scripts.
 */
export async function headlessSetup(opts: { email?: string; password?: string; workspaceName?: string }): Promise<void> {
  if (!opts.email || !opts.password || (await isSetupDone())) return;
  try {
    await completeSetup({
      workspaceName: opts.workspaceName ?? 'Chorus',
      displayName: 'Admin',
      email: opts.email.toLowerCase(),
      password: opts.password,
    });
    logger().info({ email: opts.email }, 'setup completed from the environment');
  } catch (err) {
    if (err instanceof AppError && err.code === 'SETUP_DONE') return; // another instance won the race
    throw err;
  }
}
