import { describe, expect, it } from 'vitest';
import { isOpaqueUserId, isSendableDistinctId, looksLikeEmail } from './identity';

describe('identity', () => {
  it('recognises email addresses, plain or encoded', () => {
    expect(looksLikeEmail('ada@example.com')).toBe(true);
    expect(looksLikeEmail('ADA+chorus@Example.org')).toBe(true);
    expect(looksLikeEmail('ada%40example.com')).toBe(true);
    expect(looksLikeEmail('0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b')).toBe(false);
  });

  it('accepts opaque ids only', () => {
    expect(isOpaqueUserId('0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isOpaqueUserId('42')).toBe(true);
    expect(isOpaqueUserId('user_01HZX3')).toBe(true);
    expect(isOpaqueUserId('ada@example.com')).toBe(false);
    expect(isOpaqueUserId('ada%40example.com')).toBe(false);
    expect(isOpaqueUserId('Ada Lovelace')).toBe(false);
    expect(isOpaqueUserId('')).toBe(false);
    expect(isOpaqueUserId('x'.repeat(129))).toBe(false);
    expect(isOpaqueUserId(42)).toBe(false);
    expect(isOpaqueUserId(null)).toBe(false);
  });

  it('never lets an email-like distinct id leave the browser', () => {
    expect(isSendableDistinctId('0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isSendableDistinctId(undefined)).toBe(true);
    expect(isSendableDistinctId('ada@example.com')).toBe(false);
    expect(isSendableDistinctId(12)).toBe(false);
  });
});
