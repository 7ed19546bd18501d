import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CHORUS_SECRET_KEY = 'ab'.repeat(32);
});

import { secretKeyBytes } from '@/config/env';
import { open, seal } from './secret-box';

describe('sealed secrets (AES-256-GCM under CHORUS_SECRET_KEY)', () => {
  it('open what was sealed, and the sealed text does not hold the secret', () => {
    const sealed = seal('client secret value', 'ctx-a');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('client secret value');
    expect(open(sealed, 'ctx-a')).toBe('client secret value');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(seal('client secret value', 'ctx-a')).not.toBe(sealed);
  });

  it('refuse another context, a changed byte, and a value that is not sealed', () => {
    const sealed = seal('client secret value', 'ctx-a');
    expect(() => open(sealed, 'ctx-b')).toThrow();
    const [v, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => open(`${v}.${iv}.${flipped.toString('base64url')}`, 'ctx-a')).toThrow();
    expect(() => open('client secret value', 'ctx-a')).toThrow();
  });

  it('read a key as 64 hex digits or base64 of 32 bytes, and nothing else', () => {
    expect(secretKeyBytes('ab'.repeat(32))?.length).toBe(32);
    expect(secretKeyBytes(Buffer.alloc(32, 7).toString('base64'))?.length).toBe(32);
    expect(secretKeyBytes(Buffer.alloc(32, 7).toString('base64url'))?.length).toBe(32);
    expect(secretKeyBytes('ab'.repeat(16))).toBeNull();
    expect(secretKeyBytes('not a key')).toBeNull();
    expect(secretKeyBytes(Buffer.alloc(31, 7).toString('base64'))).toBeNull();
  });
});
