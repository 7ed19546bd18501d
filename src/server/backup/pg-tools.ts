/**
 * PostgreSQL's own pg_dump and pg_restore, found like scripts/test.sh finds the server: the
 * newest /usr/lib/postgresql/<major>/bin (Debian), then PATH; CHORUS_PG_BIN overrides both.
 * The password travels in PGPASSWORD, never on the command line (where `ps` would show it).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function findPgTool(tool: 'pg_dump' | 'pg_restore'): string {
  const override = process.env.CHORUS_PG_BIN;
  if (override) return path.join(override, tool);
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const major of majors) {
    const candidate = path.join(root, major, 'bin', tool);
    if (existsSync(candidate)) return candidate;
  }
  return tool;
}

/** The URL without its password, and the password apart (for PGPASSWORD). */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.href, password };
}

function run(command: string, args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, ...(password !== undefined ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (err) =>
      reject(new Error(`Could not run ${command} (${err.message}). Install PostgreSQL's client tools (Debian: postgresql-client).`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** pg_dump in its custom format (compressed; pg_restore reads it), consistent as of its start. */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  await run(findPgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], password);
}

/** pg_restore in one transaction: all of it or nothing. */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  await run(
    findPgTool('pg_restore'),
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
    password,
  );
}
