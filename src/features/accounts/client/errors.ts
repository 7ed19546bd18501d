import { ApiError } from '@/lib/api';
import { fieldErrorTextsOf, summaryTextOf, type ProblemsTranslator } from '@/lib/api-error-text';

export interface FormProblem {
  /** What the error summary says. */
  message: string;
  /** Field errors from the server (VALIDATION_FAILED and friends), by field name, in the page's language. */
  fields: Record<string, string>;
  code: string;
}

/**
 * A failed account request as the account forms show it: the summary and the field texts of
 * the one helper (src/lib/api-error-text.ts), with the code for the summary's `data-code`. A
 * field's text that the form has no place for joins the summary (use-form-problem.ts).
 */
export function describeProblem(err: unknown, t: ProblemsTranslator): FormProblem {
  return { code: err instanceof ApiError ? err.code : 'INTERNAL', message: summaryTextOf(err, t), fields: fieldErrorTextsOf(err, t) };
}
