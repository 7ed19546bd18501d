import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run seed:demo` itself, in a child process on a fresh PGlite data directory. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'chorus-seed-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function seedDemoCli(args: string[], extraEnv: Record<string, string> = {}) {
  const inherited: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|CHORUS_)/.test(k))),
    NODE_ENV: 'production',
  };
  return spawnSync(process.execPath, ['scripts/seed-demo.mjs', '--data-dir', dataDir, ...args], {
    env: { ...inherited, LOG_LEVEL: 'warn', ...extraEnv },
    encoding: 'utf8',
  });
}

describe('npm run seed:demo', () => {
  it(
    'completes setup from CHORUS_ADMIN_EMAIL, CHORUS_ADMIN_PASSWORD and CHORUS_WORKSPACE_NAME, as npm start does',
    { timeout: 120_000 },
    () => {
      const run = seedDemoCli(['--posts', '5', '--members', '2'], {
        CHORUS_ADMIN_EMAIL: 'Env.Admin@Example.test',
        CHORUS_ADMIN_PASSWORD: 'env admin password',
        CHORUS_WORKSPACE_NAME: 'Env Workspace',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Setup completed: workspace "Env Workspace", admin env.admin@example.test.');
      expect(run.stdout).toMatch(/Seeded 5 posts/);
    },
  );
});
