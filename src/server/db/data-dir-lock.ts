/**
 * One process at a time per PGlite data directory. Two processes opening the same directory
 * (a second server, or `npm run seed:demo` while the server runs) would each write the files
 * without knowing of the other and corrupt the database. The lock is a file holding the owner's
 * pid and, where /proc tells it (Linux), the process's start time, created exclusively. A lock
 * left by a process that no longer exists is taken over (after `kill -9`, say). Pids are reused,
 * so a lock whose pid now belongs to a process that started at another time is stale too: without
 * the start time, a dead server's pid taken by any other process would keep the directory locked.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'chorus.lock';

/** The process's start time (clock ticks after boot, /proc/<pid>/stat field 22), when /proc has it. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock still runs: its pid exists and, when known, started when it did. */
function alive(pid: number, startTime: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime === undefined ? undefined : processStartTime(pid);
  return now === undefined || now === startTime;
}

/** What a lock file says: `<pid>` or `<pid> <start time>`. */
export function readLockOwner(file: string): { pid: number; startTime: string | undefined } {
  const [pid = '', startTime] = readFileSync(file, 'utf8').trim().split(/\s+/);
  return { pid: Number.parseInt(pid, 10), startTime };
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by process ${pid} (a running Chorus server?). Stop it first, or use another CHORUS_DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the directory's lock or throws DataDirInUseError; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const startTime = processStartTime(process.pid);
  const content = startTime === undefined ? String(process.pid) : `${process.pid} ${startTime}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === content) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readLockOwner(file);
      if (Number.isInteger(owner.pid) && owner.pid > 0 && owner.pid !== process.pid && alive(owner.pid, owner.startTime)) {
        throw new DataDirInUseError(dir, owner.pid);
      }
      // Stale (its process is gone) or our own from an earlier open: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}
