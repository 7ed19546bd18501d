import { useMemo } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { ApiError } from './api';
import { isErrorCode, isErrorReason } from './error-codes';

/**
 * The one way a page turns a failed call into words, in its reader's language (`problems`).
 * The API answers in English for its clients; a page never shows that English (`err.message`,
 * which lint forbids in components): it says the error's reason (error-codes.ts) when the server
 * gave one, else its code's words. Anything that is not an ApiError (a browser failure) reads
 * as the generic "something went wrong".
 */
export type ProblemsTranslator = ReturnType<typeof useTranslations<'problems'>>;

/** "2 minutes", "30 seconds": a rate limit's wait, rounded up to whole minutes past 59 seconds. */
export function waitTextOf(t: ProblemsTranslator, seconds: number): string {
  return seconds < 60 ? t('seconds', { count: seconds }) : t('minutes', { count: Math.ceil(seconds / 60) });
}

/** The whole call's text: for an alert, a form's summary or a notice. */
export function apiErrorTextOf(err: unknown, t: ProblemsTranslator): string {
  if (err instanceof ApiError && isErrorReason(err.reason)) return t(`reasons.${err.reason}`);
  return codeTextOf(err, t);
}

/** The code's words alone: a form's summary when the reason is said beside its field. */
function codeTextOf(err: unknown, t: ProblemsTranslator): string {
  if (!(err instanceof ApiError)) return t('internal');
  if (err.code === 'NETWORK') return t('network');
  switch (err.code) {
    case 'RATE_LIMITED':
      return t('rateLimited', { wait: waitTextOf(t, err.retryAfter ?? 60) });
    case 'INVALID_CREDENTIALS':
      return t('invalidCredentials');
    case 'ACCOUNT_BANNED':
      return t('banned');
    default:
      return isErrorCode(err.code) ? t(`codes.${err.code}`) : t('internal');
  }
}

/**
 * The text of each field the server named (VALIDATION_FAILED, a name already taken…), by field
 * name: the reason's words when the answer has one (they speak of that field), else a generic
 * "check this field" (the browser checks the same zod schema first, so what reaches the server
 * is rare: a rule only it knows).
 */
export function fieldErrorTextsOf(err: unknown, t: ProblemsTranslator): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const text = isErrorReason(err.reason) ? t(`reasons.${err.reason}`) : t('fieldInvalid');
  return Object.fromEntries(Object.keys(err.fields).map((name) => [name, text]));
}

/**
 * Shows a failed call in a react-hook-form form: each field the server named that the form has
 * gets its text inline (the first one gets focus); returns the text for the form's alert, which
 * says the code's words when a field already says why (not the same sentence twice), else the
 * whole text. Values typed so far are left as they are.
 */
export function showApiErrorIn<T extends FieldValues>(
  err: unknown,
  t: ProblemsTranslator,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): string {
  const inline = Object.entries(fieldErrorTextsOf(err, t)).filter(([name]) => (fieldNames as readonly string[]).includes(name));
  inline.forEach(([name, message], i) => setError(name as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 }));
  return inline.length ? summaryTextOf(err, t) : apiErrorTextOf(err, t);
}

/**
 * A form's summary when its fields show their own texts: the code's words ("Some fields need
 * another look.", "That value is already taken."), or the whole text when the answer names no field.
 */
export function summaryTextOf(err: unknown, t: ProblemsTranslator): string {
  return err instanceof ApiError && Object.keys(err.fields).length > 0 ? codeTextOf(err, t) : apiErrorTextOf(err, t);
}

export interface ApiErrorText {
  /** The whole call's text (apiErrorTextOf). */
  (err: unknown): string;
  /** Field texts inline in a react-hook-form form, and the alert's text returned (showApiErrorIn). */
  inForm<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fieldNames: readonly Path<T>[]): string;
  /** The text of each field the server named (fieldErrorTextsOf). */
  fields(err: unknown): Record<string, string>;
}

/** The page's words for failed calls, from its `problems` messages. */
export function useApiErrorText(): ApiErrorText {
  const t = useTranslations('problems');
  return useMemo(() => apiErrorTextIn(t), [t]);
}

/** useApiErrorText outside React (a test's createTranslator). */
export function apiErrorTextIn(t: ProblemsTranslator): ApiErrorText {
  return Object.assign((err: unknown) => apiErrorTextOf(err, t), {
    inForm: <T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fieldNames: readonly Path<T>[]) =>
      showApiErrorIn(err, t, setError, fieldNames),
    fields: (err: unknown) => fieldErrorTextsOf(err, t),
  });
}
