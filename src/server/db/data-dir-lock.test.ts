import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, processStartTime, readLockOwner } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chorus-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('writes this process id and removes the lock on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(readLockOwner(path.join(dir, 'chorus.lock'))).toEqual({ pid: process.pid, startTime: processStartTime(process.pid) });
    release();
    expect(existsSync(path.join(dir, 'chorus.lock'))).toBe(false);
  });

  it('refuses a directory locked by another live process', () => {
    const dir = tempDir();
    // The parent process (the test runner's) is alive and is not this one.
    writeFileSync(path.join(dir, 'chorus.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(readFileSync(path.join(dir, 'chorus.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'chorus.lock'), '4194303');
    const release = lockDataDir(dir);
    expect(readLockOwner(path.join(dir, 'chorus.lock')).pid).toBe(process.pid);
    release();
  });

  it.runIf(processStartTime(process.ppid) !== undefined)('refuses a live process that started when its lock says', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'chorus.lock'), `${process.ppid} ${processStartTime(process.ppid)}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });

  it.runIf(processStartTime(process.ppid) !== undefined)('takes over a lock whose pid another process has taken since (pid reuse)', () => {
    const dir = tempDir();
    // The dead owner's pid now belongs to a live process (the parent) that started at another time.
    writeFileSync(path.join(dir, 'chorus.lock'), `${process.ppid} ${Number(processStartTime(process.ppid)) + 1}`);
    const release = lockDataDir(dir);
    expect(readLockOwner(path.join(dir, 'chorus.lock')).pid).toBe(process.pid);
    release();
  });
});
