/**
 * `npm run seed:demo` needs a set-up workspace. When setup is not done it completes it exactly
 * as `npm start` does (headlessSetup, the same code path), with each of --admin-email,
 * --admin-password and --workspace-name, or else the variable `npm start` reads:
 * CHORUS_ADMIN_EMAIL, CHORUS_ADMIN_PASSWORD, CHORUS_WORKSPACE_NAME.
 */
import type { Env } from '@/config/env';
import { headlessSetup, type HeadlessSetupOutcome } from '@/features/accounts/server/setup-service';
import { AppError } from '@/server/http/errors';

export interface DemoSetupFlags {
  'admin-email'?: string;
  'admin-password'?: string;
  'workspace-name'?: string;
}

type SetupEnv = Pick<Env, 'CHORUS_ADMIN_EMAIL' | 'CHORUS_ADMIN_PASSWORD' | 'CHORUS_WORKSPACE_NAME'>;

/** A problem the person running the seeder fixes (exit code 2), named by flag and variable. */
export class DemoSetupError extends Error {}

const SOURCES: Record<string, string> = {
  workspaceName: '--workspace-name (or CHORUS_WORKSPACE_NAME)',
  email: '--admin-email (or CHORUS_ADMIN_EMAIL)',
  password: '--admin-password (or CHORUS_ADMIN_PASSWORD)',
};

/** Completes setup when it is not done; returns what it set up, or null when setup was already done. */
export async function completeSetupForDemo(
  flags: DemoSetupFlags,
  config: SetupEnv,
): Promise<{ email: string; workspaceName: string } | null> {
  const email = flags['admin-email'] ?? config.CHORUS_ADMIN_EMAIL;
  const password = flags['admin-password'] ?? config.CHORUS_ADMIN_PASSWORD;
  const workspaceName = flags['workspace-name'] ?? config.CHORUS_WORKSPACE_NAME;
  let outcome: HeadlessSetupOutcome;
  try {
    outcome = await headlessSetup({ email, password, workspaceName });
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION_FAILED') {
      const fields = err.options.fields ?? {};
      throw new DemoSetupError(
        Object.entries(fields)
          .map(([field, message]) => `${SOURCES[field] ?? field}: ${message}`)
          .join('\n'),
      );
    }
    throw err;
  }
  if (outcome.status === 'already-done') return null;
  if (outcome.status === 'no-admin') {
    throw new DemoSetupError(
      'Setup is not done yet. Finish it at /setup first, or name the first admin as for npm start: set ' +
        'CHORUS_ADMIN_EMAIL and CHORUS_ADMIN_PASSWORD (and optionally CHORUS_WORKSPACE_NAME), or pass --admin-email ' +
        'and --admin-password (and optionally --workspace-name).',
    );
  }
  return { email: outcome.email, workspaceName: outcome.workspaceName };
}
