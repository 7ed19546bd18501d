/** `npm run backup` and `npm run restore` themselves, in child processes: what they refuse. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@/server/db/open';

const dir = mkdtempSync(path.join(tmpdir(), 'chorus-backup-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(script: 'backup' | 'restore', args: string[]) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|CHORUS_)/.test(k)));
  return spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
    env: { ...inherited, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
}

describe('npm run backup / restore', () => {
  it.runIf(!process.env.CHORUS_TEST_DATABASE_URL)(
    'backup reads a running server’s embedded database through its socket, and restore brings it back',
    { timeout: 120_000 },
    async () => {
      const data = path.join(dir, 'running');
      const out = path.join(dir, 'running.chorus.gz');
      const handle = await connectDatabase({ dataDir: data });
      try {
        await handle.migrate();
        await handle.db.execute(sql`insert into tags (name, color) values ('from-the-running-server', '#123456')`);
        const run = cli('backup', ['--data-dir', data, '--out', out]);
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain('Backup written');
      } finally {
        await handle.close();
      }
      const target = path.join(dir, 'restored');
      const back = cli('restore', [out, '--data-dir', target]);
      expect(back.status, back.stderr).toBe(0);
      const restored = await connectDatabase({ dataDir: target });
      try {
        const result = (await restored.db.execute(sql`select name from tags where name = 'from-the-running-server'`)) as unknown as {
          rows: unknown[];
        };
        expect(result.rows).toHaveLength(1);
      } finally {
        await restored.close();
      }
    },
  );

  it('backup refuses a data directory a running server holds, and says how to back it up', { timeout: 60_000 }, () => {
    const data = path.join(dir, 'locked');
    mkdirSync(data);
    // The lock of a live process: this test's own.
    writeFileSync(path.join(data, 'chorus.lock'), String(process.ppid));
    const run = cli('backup', ['--data-dir', data, '--out', path.join(dir, 'never.chorus.gz')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`The data directory ${data} is in use by process ${process.ppid}`);
    expect(run.stderr).toContain('--url (or CHORUS_DB_SOCKET_URL)');
  });

  it('restore refuses a data directory that is not empty, before reading the file', { timeout: 60_000 }, () => {
    const data = path.join(dir, 'full');
    mkdirSync(data);
    writeFileSync(path.join(data, 'PG_VERSION'), '17');
    const file = path.join(dir, 'any.chorus.gz');
    writeFileSync(file, gzipSync('#{}\n'));
    const run = cli('restore', [file, '--data-dir', data]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`The data directory ${data} is not empty`);
  });

  it('restore refuses a file of another kind', { timeout: 60_000 }, () => {
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'hello');
    const run = cli('restore', [file, '--data-dir', path.join(dir, 'new')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is neither a Chorus backup (gzip) nor a pg_dump custom-format file');
  });
});
