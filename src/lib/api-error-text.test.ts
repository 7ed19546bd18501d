import { createTranslator } from 'use-intl';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '@/core/i18n/locales';
import type { Messages } from '@/i18n/messages';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { ApiError } from './api';
import { apiErrorTextIn } from './api-error-text';
import { ERROR_REASONS } from './error-codes';

// The compiled catalogue, as pages receive it (the tests format it with the same runtime as the build: vitest.config.mts).
const problemsIn = (locale: Locale) =>
  createTranslator({ locale, messages: pageMessagesOf(locale, { team: true }) as unknown as Messages, namespace: 'problems' });
const textIn = (locale: Locale) => apiErrorTextIn(problemsIn(locale));
const english = textIn('en');
const german = textIn('de');
const rateLimited = (locale: Locale, seconds: number) => textIn(locale)(new ApiError(429, 'RATE_LIMITED', 'x', {}, seconds));

describe('the words of a failed call, in the page’s language', () => {
  it('says a reason the server gave in the page’s language, not the API’s English', () => {
    const expired = new ApiError(
      410,
      'TOKEN_INVALID',
      'This invitation has expired, was used, or is for another email address.',
      {},
      undefined,
      'invitationInvalid',
    );
    expect(german(expired)).toBe('Diese Einladung ist abgelaufen, wurde schon verwendet oder gilt für eine andere E-Mail-Adresse.');
    expect(english(expired)).toBe('This invitation has expired, was used, or is for another email address.');
    // Without a reason, the code's words: never the server's message.
    expect(german(new ApiError(409, 'CONFLICT', 'Some English only the server wrote.'))).toBe('Dieser Wert ist bereits vergeben.');
  });

  it('has words for every reason in every language', () => {
    for (const locale of ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'] as const) {
      const t = textIn(locale);
      for (const reason of ERROR_REASONS) {
        const text = t(new ApiError(409, 'CONFLICT', 'x', {}, undefined, reason));
        expect(text, `${locale} ${reason}`).not.toMatch(/^problems\.|reasons\./);
        expect(text.length).toBeGreaterThan(3);
      }
    }
  });

  it('puts field texts inline in a form, focusing the first, and returns the summary', () => {
    const taken = new ApiError(
      409,
      'CONFLICT',
      'A tag with this name already exists.',
      { name: 'A tag with this name already exists.' },
      undefined,
      'tagNameTaken',
    );
    const setError = vi.fn();
    // The field says why; the summary says the code's words rather than the same sentence twice.
    expect(german.inForm(taken, setError, ['name', 'color'])).toBe('Dieser Wert ist bereits vergeben.');
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'name',
      { type: 'server', message: 'Einen Tag mit diesem Namen gibt es bereits.' },
      { shouldFocus: true },
    );

    // A rule only the server knows, without a reason: a generic word for the field, in the page's language.
    const invalid = new ApiError(422, 'VALIDATION_FAILED', 'x', { password: 'Use at least 10 characters', other: 'x' });
    expect(german.fields(invalid)).toEqual({
      password: 'Dieser Wert wurde nicht angenommen. Prüfe ihn und versuche es erneut.',
      other: 'Dieser Wert wurde nicht angenommen. Prüfe ihn und versuche es erneut.',
    });
    // A form without that field: the whole text in the summary.
    expect(german.inForm(taken, vi.fn(), ['color'])).toBe('Einen Tag mit diesem Namen gibt es bereits.');
    const onlyKnown = vi.fn();
    expect(english.inForm(invalid, onlyKnown, ['password'])).toBe('Some fields need another look.');
    expect(onlyKnown).toHaveBeenCalledTimes(1);
  });

  it('never shows a raw exception: anything not from the API reads as the generic text', () => {
    expect(english(new Error('TypeError: secret at db.ts:12'))).toBe('Something went wrong on our side. Please try again.');
    expect(german(new TypeError('x is undefined'))).toBe('Bei uns ist etwas schiefgelaufen. Bitte versuche es erneut.');
    expect(german.fields(new Error('x'))).toEqual({});
    expect(german(new ApiError(0, 'NETWORK', 'Could not reach the server.'))).toMatch(/Server ist nicht erreichbar/);
  });

  it('explains wrong credentials and suspended accounts, whatever the server said', () => {
    expect(english(new ApiError(401, 'INVALID_CREDENTIALS', 'x'))).toMatch(/do not match/);
    expect(english(new ApiError(403, 'ACCOUNT_BANNED', 'x'))).toMatch(/suspended/);
    expect(german(new ApiError(401, 'INVALID_CREDENTIALS', 'x'))).toMatch(/passen nicht zusammen/);
  });

  it('says when to try again after a rate limit', () => {
    expect(rateLimited('en', 45)).toBe('Too many attempts. Please wait 45 seconds and try again.');
    expect(rateLimited('en', 61)).toContain('2 minutes');
    expect(english(new ApiError(429, 'RATE_LIMITED', 'x'))).toContain('1 minute');
    expect(rateLimited('de', 1)).toContain('warte 1 Sekunde und');
    expect(rateLimited('ja', 900)).toContain('15分');
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
    expect(rateLimited(locale, seconds)).toContain(text);
  });
});
