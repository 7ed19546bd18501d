import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

describe('server start-up', () => {
  let scratch: string | undefined;
  afterAll(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

  it('refuses a bad environment: exit 1, naming the variable, before opening the database', async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'chorus-serve-'));
    const dataDir = path.join(scratch, 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/serve.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, PORT: 'abc', CHORUS_DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code).toBe(1);
    expect(stderr).toContain('Chorus cannot start');
    expect(stderr).toMatch(/PORT: PORT must be a number/);
    expect(existsSync(dataDir)).toBe(false);
  });
});
