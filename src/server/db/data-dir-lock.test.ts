import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

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
    expect(readFileSync(path.join(dir, 'chorus.lock'), 'utf8')).toBe(String(process.pid));
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
    expect(readFileSync(path.join(dir, 'chorus.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
