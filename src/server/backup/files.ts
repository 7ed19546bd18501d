/**
 * Backup files on disk: the logical backup gzip-compressed, written to `<file>.partial` and
 * renamed when complete (a crash mid-backup never leaves a file that looks whole), and the
 * detection of which kind a file is when it is restored.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import readline from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type { Db } from '@/server/db/client';
import { BackupFormatError, dumpLogical, parseHeader, type BackupHeader, type BackupSummary } from './logical';

export type BackupKind = 'logical' | 'pg_dump';

/** A logical backup is gzip (1f 8b); pg_dump's custom format starts with "PGDMP". */
export async function detectBackupKind(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(5);
    const { bytesRead } = await handle.read(buf, 0, 5, 0);
    if (bytesRead >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) return 'logical';
    if (bytesRead === 5 && buf.toString('latin1') === 'PGDMP') return 'pg_dump';
  } finally {
    await handle.close();
  }
  throw new BackupFormatError(`${file} is neither a Chorus backup (gzip) nor a pg_dump custom-format file.`);
}

export async function writeLogicalBackup(database: Db, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  try {
    const summary = await dumpLogical(database, async (line) => {
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    });
    gzip.end();
    await done;
    await rename(partial, file);
    return summary;
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

export interface OpenedBackup {
  header: BackupHeader;
  /** The lines after the header. */
  lines: AsyncIterable<string>;
  close(): void;
}

export async function openLogicalBackup(file: string): Promise<OpenedBackup> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = readline.createInterface({ input, crlfDelay: Infinity });
  const iterator = reader[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = parseHeader(first.done ? undefined : first.value);
  return {
    header,
    lines: { [Symbol.asyncIterator]: () => iterator },
    close: () => {
      reader.close();
      input.destroy();
    },
  };
}
