import { useMemo } from 'react';
import { useTranslations } from 'use-intl';
import { ApiError } from './api';
import { isErrorCode, messageFor, type ErrorCode } from './error-codes';

type ProblemsTranslator = ReturnType<typeof useTranslations<'problems'>>;

/** "2 minutes", "30 seconds": a rate limit's wait, rounded up to whole minutes past 59 seconds. */
export function waitTextOf(t: ProblemsTranslator, seconds: number): string {
  return seconds < 60 ? t('seconds', { count: seconds }) : t('minutes', { count: Math.ceil(seconds / 60) });
}

/**
 * What a page says of a failed API call, in the page's language. An error whose message is its
 * code's usual one (error-codes.ts) is told with the catalogue's words for that code
 * (`problems.codes.*`; the API keeps answering in English for its clients); a message the server
 * wrote for this case (an expired invitation, an address already in use) is shown as written.
 */
export function apiErrorTextOf(err: unknown, t: ProblemsTranslator): string {
  if (!(err instanceof ApiError)) return t('codes.INTERNAL');
  if (err.code === 'RATE_LIMITED' && err.retryAfter) return t('rateLimited', { wait: waitTextOf(t, err.retryAfter) });
  const code: ErrorCode = isErrorCode(err.code) ? err.code : 'INTERNAL';
  if (!err.message || err.message === messageFor(code) || !isErrorCode(err.code)) return t(`codes.${code}`);
  return err.message;
}

/** apiErrorTextOf with the page's `problems` messages. */
export function useApiErrorText(): (err: unknown) => string {
  const t = useTranslations('problems');
  return useMemo(() => (err: unknown) => apiErrorTextOf(err, t), [t]);
}
