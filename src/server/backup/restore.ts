/**
 * Restoring a logical backup into an empty database: migrate it to the schema the backup was
 * taken with, load the rows (one transaction), then apply the migrations written since, so a
 * backup from an older Chorus comes back on a newer one with its data migrations applied.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DbHandle } from '@/server/db/client';
import { MIGRATIONS_FOLDER } from '@/server/db/open';
import { appliedMigrations, BackupFormatError, isDatabaseEmpty, loadLogical, type BackupHeader, type BackupSummary } from './logical';

interface JournalEntry {
  tag: string;
  when: number;
}

interface Journal {
  entries: JournalEntry[];
  [key: string]: unknown;
}

async function readJournal(folder: string): Promise<Journal> {
  return JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
}

/** The migrations this code ships, as drizzle records them once applied (sha-256 of the file, journal time). */
export async function shippedMigrations(folder = MIGRATIONS_FOLDER): Promise<{ hash: string; createdAt: number; tag: string }[]> {
  const journal = await readJournal(folder);
  return Promise.all(
    journal.entries.map(async (e) => ({
      tag: e.tag,
      createdAt: e.when,
      hash: createHash('sha256')
        .update(await readFile(path.join(folder, `${e.tag}.sql`), 'utf8'))
        .digest('hex'),
    })),
  );
}

/**
 * How many of the shipped migrations the backup was taken at. The backup's migrations must be the
 * first ones this code ships, unchanged; a backup from a newer Chorus cannot be restored here.
 */
export async function backupMigrationCount(header: BackupHeader, folder = MIGRATIONS_FOLDER): Promise<number> {
  const shipped = await shippedMigrations(folder);
  if (header.migrations.length === 0)
    throw new BackupFormatError('The backup records no migrations: it was not taken from a Chorus database.');
  if (header.migrations.length > shipped.length)
    throw new BackupFormatError(
      `The backup was taken at migration ${header.migrations.length}, but this Chorus knows only ${shipped.length}: ` +
        'restore it with the Chorus version that made it (or a newer one).',
    );
  header.migrations.forEach((m, i) => {
    if (m.hash !== shipped[i]!.hash)
      throw new BackupFormatError(
        `The backup's migration ${i + 1} differs from this Chorus's ${shipped[i]!.tag}: it was made by another line of Chorus.`,
      );
  });
  return header.migrations.length;
}

/** A copy of the migrations folder holding only the first `count` migrations. */
async function firstMigrations(count: number): Promise<{ folder: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-restore-'));
  const folder = path.join(dir, 'drizzle');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = await readJournal(MIGRATIONS_FOLDER);
  const entries = journal.entries.slice(0, count);
  for (const e of entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, remove: () => rm(dir, { recursive: true, force: true }) };
}

export class NotEmptyError extends Error {}

/**
 * Restores a logical backup into the empty database behind `handle`. Refuses a database that has
 * any table (NotEmptyError) before changing anything.
 */
export async function restoreLogical(handle: DbHandle, header: BackupHeader, lines: AsyncIterable<string>): Promise<BackupSummary> {
  if (!(await isDatabaseEmpty(handle.db)))
    throw new NotEmptyError('The target database is not empty: restore only into an empty database.');
  const count = await backupMigrationCount(header);
  const first = await firstMigrations(count);
  try {
    await handle.migrate(first.folder);
  } finally {
    await first.remove();
  }
  const summary = await loadLogical(handle, header, lines);
  await handle.migrate();
  const applied = await appliedMigrations(handle.db);
  if (applied.length < count) throw new Error('The migrations did not apply.');
  return summary;
}
