import { useTranslations } from 'use-intl';
import { useMemo } from 'react';
import { ApiError } from '@/lib/api';
import { apiErrorTextOf, waitTextOf } from '@/lib/api-error-text';
import { messageFor } from '@/lib/error-codes';

export interface FormProblem {
  /** What the error summary says. */
  message: string;
  /** Field errors from the server (VALIDATION_FAILED and friends), by field name. */
  fields: Record<string, string>;
  code: string;
}

/** The words of the account forms' problems, in the page's language (the `problems` catalogue namespace). */
export interface ProblemText {
  invalidCredentials: string;
  banned: string;
  validation: string;
  internal: string;
  /** "Too many attempts. Please wait 2 minutes…": the wait is rounded up to whole minutes past 59 seconds. */
  rateLimited: (seconds: number) => string;
  /** Any other failed call (apiErrorTextOf); without it, the server's message. */
  other?: (err: unknown) => string;
}

type ProblemsTranslator = ReturnType<typeof useTranslations<'problems'>>;

/** ProblemText from the `problems` namespace of a catalogue (useTranslations in a component, createTranslator in a test). */
export function problemTextOf(t: ProblemsTranslator): ProblemText {
  const wait = (seconds: number) => waitTextOf(t, seconds);
  return {
    invalidCredentials: t('invalidCredentials'),
    banned: t('banned'),
    validation: t('validation'),
    internal: t('internal'),
    rateLimited: (seconds) => t('rateLimited', { wait: wait(seconds) }),
  };
}

export function useProblemText(): ProblemText {
  const t = useTranslations('problems');
  return useMemo(() => ({ ...problemTextOf(t), other: (err: unknown) => apiErrorTextOf(err, t) }), [t]);
}

/**
 * A person-readable account of a failed account request, one per error code, in the page's
 * language. The server's own message is used where it says something specific (the
 * unverified-email 403, an expired invitation); those server messages are not translated yet
 * (docs/i18n.md, "Not converted yet"); a code's usual message is (apiErrorTextOf).
 */
export function describeProblem(err: unknown, text: ProblemText): FormProblem {
  if (!(err instanceof ApiError)) return { code: 'INTERNAL', message: text.internal, fields: {} };
  const fields = err.fields;
  switch (err.code) {
    case 'INVALID_CREDENTIALS':
      return { code: err.code, message: text.invalidCredentials, fields: {} };
    case 'ACCOUNT_BANNED':
      return { code: err.code, message: text.banned, fields: {} };
    case 'RATE_LIMITED':
      return { code: err.code, message: text.rateLimited(err.retryAfter ?? 60), fields: {} };
    case 'VALIDATION_FAILED':
      return { code: err.code, message: text.validation, fields };
    case 'INTERNAL':
      return { code: err.code, message: text.internal, fields };
    default:
      return { code: err.code, message: text.other ? text.other(err) : err.message || messageFor(err.code), fields };
  }
}
