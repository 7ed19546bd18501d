/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE`: see docs/operations.md, "Backup
 * and restore". Exit codes: 0 done, 2 refused (bad usage, non-empty target, wrong file), 1 failed.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { env, EnvError } from '@/config/env';
import { DataDirInUseError } from '@/server/db/data-dir-lock';
import { connectDatabase, embeddedSocketUrl } from '@/server/db/open';
import { detectBackupKind, openLogicalBackup, writeLogicalBackup } from './files';
import { BackupFormatError, isDatabaseEmpty } from './logical';
import { pgDump, pgRestore } from './pg-tools';
import { NotEmptyError, restoreLogical } from './restore';

const BACKUP_USAGE = `Usage: npm run backup -- [options]

  --out FILE            where to write the backup (default ./chorus-backup-<time>.chorus.gz,
                        or .pgdump for pg_dump); written to FILE.partial, then renamed
  --url URL             dump over this Postgres-protocol connection (default CHORUS_DB_SOCKET_URL):
                        the running server's embedded database, or any PostgreSQL
  --database-url URL    PostgreSQL (default DATABASE_URL): runs pg_dump (custom format)
  --logical             with PostgreSQL, write Chorus's own portable format instead of pg_dump
                        (it can be restored into embedded PGlite too)
  --data-dir DIR        embedded PGlite data directory (default CHORUS_DATA_DIR or ./data):
                        through the running server's socket, or opened directly when it is stopped

Runs while the server runs: pg_dump and the logical dump each read one consistent snapshot.`;

const RESTORE_USAGE = `Usage: npm run restore -- FILE [options]

  --database-url URL    restore into this empty PostgreSQL database (default DATABASE_URL)
  --data-dir DIR        restore into this empty or missing PGlite data directory
                        (default CHORUS_DATA_DIR or ./data)

A pg_dump file goes through pg_restore (PostgreSQL only); a Chorus backup into either.
The target must be empty: restore never overwrites data.`;

class UsageError extends Error {}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
const megabytes = (file: string) => `${(statSync(file).size / 1024 / 1024).toFixed(2)} MB`;

async function backup(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      url: { type: 'string' },
      'database-url': { type: 'string' },
      logical: { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(BACKUP_USAGE);
    return 0;
  }
  const config = env();
  const socketUrl = values.url ?? (process.env.CHORUS_DB_SOCKET_URL || undefined);
  const databaseUrl = values['database-url'] ?? config.DATABASE_URL;
  const started = performance.now();

  if (!socketUrl && databaseUrl && !values.logical) {
    const out = path.resolve(values.out ?? `chorus-backup-${stamp()}.pgdump`);
    await pgDump(databaseUrl, `${out}.partial`).catch(async (err: unknown) => {
      await rm(`${out}.partial`, { force: true });
      throw err;
    });
    await rename(`${out}.partial`, out);
    console.log(`Backup written by pg_dump: ${out} (${megabytes(out)}, ${Math.round(performance.now() - started)} ms).`);
    return 0;
  }

  const out = path.resolve(values.out ?? `chorus-backup-${stamp()}.chorus.gz`);
  const dataDir = path.resolve(values['data-dir'] ?? config.CHORUS_DATA_DIR);
  const source = socketUrl ?? databaseUrl ?? (await runningServerSocket(dataDir));
  const handle = await connectDatabase(source ? { databaseUrl: source, poolSize: 1 } : { dataDir });
  try {
    const summary = await writeLogicalBackup(handle.db, out);
    console.log(
      `Backup written: ${out} (${summary.tables} tables, ${summary.rows} rows, ${megabytes(out)}, ${Math.round(performance.now() - started)} ms).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

/**
 * The socket of the server running on this data directory (it notes it there, see
 * db/open.ts), when it answers; a note left by a server that was killed does not.
 */
async function runningServerSocket(dataDir: string): Promise<string | undefined> {
  const url = embeddedSocketUrl(dataDir);
  if (!url) return undefined;
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function restore(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(RESTORE_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(RESTORE_USAGE);
  const file = path.resolve(positionals[0]!);
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const config = env();
  const databaseUrl = values['database-url'] ?? config.DATABASE_URL;
  const kind = await detectBackupKind(file);
  const started = performance.now();

  if (kind === 'pg_dump') {
    if (!databaseUrl) throw new UsageError('This is a pg_dump file: restore it into PostgreSQL (set DATABASE_URL or --database-url).');
    const handle = await connectDatabase({ databaseUrl, poolSize: 1 });
    try {
      if (!(await isDatabaseEmpty(handle.db)))
        throw new NotEmptyError('The target database is not empty: restore only into an empty database.');
    } finally {
      await handle.close();
    }
    await pgRestore(databaseUrl, file);
    console.log(`Restored ${file} with pg_restore (${Math.round(performance.now() - started)} ms).`);
    return 0;
  }

  const dataDir = path.resolve(values['data-dir'] ?? config.CHORUS_DATA_DIR);
  if (!databaseUrl && existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new NotEmptyError(`The data directory ${dataDir} is not empty: restore only into an empty or missing directory.`);
  const backupFile = await openLogicalBackup(file);
  const handle = await connectDatabase(databaseUrl ? { databaseUrl, poolSize: 1 } : { dataDir });
  let restored = false;
  try {
    const summary = await restoreLogical(handle, backupFile.header, backupFile.lines);
    restored = true;
    console.log(
      `Restored ${summary.rows} rows in ${summary.tables} tables into ${databaseUrl ? 'PostgreSQL' : dataDir} (${Math.round(performance.now() - started)} ms).`,
    );
    return 0;
  } finally {
    backupFile.close();
    await handle.close();
    // The directory was empty or missing: remove what the failed restore wrote, rather than leave it half-restored.
    if (!restored && !databaseUrl) await rm(dataDir, { recursive: true, force: true });
  }
}

export function runCli(command: 'backup' | 'restore', argv: string[]): void {
  (command === 'backup' ? backup(argv) : restore(argv)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (
        err instanceof UsageError ||
        err instanceof EnvError ||
        err instanceof NotEmptyError ||
        err instanceof BackupFormatError ||
        err instanceof DataDirInUseError
      ) {
        console.error(err.message);
        if (err instanceof DataDirInUseError)
          console.error(
            'Its server does not answer on the socket it noted (chorus-socket). Pass its database connection: --url (or CHORUS_DB_SOCKET_URL).',
          );
        process.exit(2);
      }
      console.error(`${command} failed:`, err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
