import { ApiError } from '@/lib/api';
import { apiErrorTextOf, fieldErrorTextsOf, type ProblemsTranslator } from '@/lib/api-error-text';

export interface FormProblem {
  /** What the error summary says. */
  message: string;
  /** Field errors from the server (VALIDATION_FAILED and friends), by field name, in the page's language. */
  fields: Record<string, string>;
  code: string;
}

/**
 * A failed account request as the account forms show it: the summary and the field texts of
 * the one helper (src/lib/api-error-text.ts), with the code for the summary's `data-code`.
 */
export function describeProblem(err: unknown, t: ProblemsTranslator): FormProblem {
  return { code: err instanceof ApiError ? err.code : 'INTERNAL', message: apiErrorTextOf(err, t), fields: fieldErrorTextsOf(err, t) };
}
