import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { describeProblem, waitTime } from './errors';

describe('describeProblem: a clear message per error code on the account forms', () => {
  it('says when to try again after a rate limit', () => {
    expect(describeProblem(new ApiError(429, 'RATE_LIMITED', 'x', {}, 45)).message).toBe(
      'Too many attempts. Please wait 45 seconds and try again.',
    );
    expect(describeProblem(new ApiError(429, 'RATE_LIMITED', 'x', {}, 61)).message).toContain('2 minutes');
    expect(describeProblem(new ApiError(429, 'RATE_LIMITED', 'x')).message).toContain('1 minute');
  });

  it('explains wrong credentials and suspended accounts, whatever the server said', () => {
    expect(describeProblem(new ApiError(401, 'INVALID_CREDENTIALS', 'x')).message).toMatch(/do not match/);
    expect(describeProblem(new ApiError(403, 'ACCOUNT_BANNED', 'x')).message).toMatch(/suspended/);
  });

  it('keeps the server message where it is specific (the unverified-email 403), and the field errors', () => {
    const unverified = describeProblem(
      new ApiError(403, 'FORBIDDEN', 'Please confirm your email address first: we have sent you a new link.'),
    );
    expect(unverified).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/confirm your email/) });
    const invalid = describeProblem(new ApiError(422, 'VALIDATION_FAILED', 'x', { password: 'Use at least 10 characters' }));
    expect(invalid.fields).toEqual({ password: 'Use at least 10 characters' });
  });

  it('never shows a raw exception', () => {
    expect(describeProblem(new Error('TypeError: secret at db.ts:12')).message).toBe('Something went wrong on our side. Please try again.');
  });

  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [900, '15 minutes'],
  ])('waitTime(%i) is "%s"', (s, text) => {
    expect(waitTime(s)).toBe(text);
  });
});
