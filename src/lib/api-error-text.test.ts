import { createTranslator } from 'use-intl';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/i18n/locales';
import type { Messages } from '@/i18n/messages';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { ApiError } from '@/lib/api';
import { describeProblem, problemTextOf } from './errors';

// The compiled catalogue, as pages receive it (the tests format it with the same runtime as the build: vitest.config.mts).
const textIn = (locale: Locale) =>
  problemTextOf(
    createTranslator({ locale, messages: pageMessagesOf(locale, { team: true }) as unknown as Messages, namespace: 'problems' }),
  );
const english = textIn('en');

describe('describeProblem: a clear message per error code on the account forms', () => {
  it('says when to try again after a rate limit', () => {
    expect(describeProblem(new ApiError(429, 'RATE_LIMITED', 'x', {}, 45), english).message).toBe(
      'Too many attempts. Please wait 45 seconds and try again.',
    );
    expect(describeProblem(new ApiError(429, 'RATE_LIMITED', 'x', {}, 61), english).message).toContain('2 minutes');
    expect(describeProblem(new ApiError(429, 'RATE_LIMITED', 'x'), english).message).toContain('1 minute');
  });

  it('explains wrong credentials and suspended accounts, whatever the server said', () => {
    expect(describeProblem(new ApiError(401, 'INVALID_CREDENTIALS', 'x'), english).message).toMatch(/do not match/);
    expect(describeProblem(new ApiError(403, 'ACCOUNT_BANNED', 'x'), english).message).toMatch(/suspended/);
  });

  it('keeps the server message where it is specific (the unverified-email 403), and the field errors', () => {
    const unverified = describeProblem(
      new ApiError(403, 'FORBIDDEN', 'Please confirm your email address first: we have sent you a new link.'),
      english,
    );
    expect(unverified).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/confirm your email/) });
    const invalid = describeProblem(new ApiError(422, 'VALIDATION_FAILED', 'x', { password: 'Use at least 10 characters' }), english);
    expect(invalid.fields).toEqual({ password: 'Use at least 10 characters' });
  });

  it('never shows a raw exception', () => {
    expect(describeProblem(new Error('TypeError: secret at db.ts:12'), english).message).toBe(
      'Something went wrong on our side. Please try again.',
    );
  });

  it('speaks the page’s language, with its plural rules', () => {
    expect(describeProblem(new ApiError(401, 'INVALID_CREDENTIALS', 'x'), textIn('de')).message).toMatch(/passen nicht zusammen/);
    expect(textIn('de').rateLimited(1)).toContain('warte 1 Sekunde und');
    expect(textIn('ja').rateLimited(900)).toContain('15分');
  });

  it.each([
    [1, 'en', '1 second'],
    [59, 'en', '59 seconds'],
    [60, 'en', '1 minute'],
    [900, 'en', '15 minutes'],
    [5, 'de', '5 Sekunden'],
    // Arabic has six plural forms: one and two are words of their own, 3–10 take the plural.
    [1, 'ar', 'ثانية واحدة'],
    [2, 'ar', 'ثانيتين'],
    [120, 'ar', 'دقيقتين'],
    [5, 'ar', 'ثوانٍ'],
  ] as const)('a wait of %i s, in %s, reads "%s"', (seconds, locale, text) => {
    expect(textIn(locale).rateLimited(seconds)).toContain(text);
  });
});
