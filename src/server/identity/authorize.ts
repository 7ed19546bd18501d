import type { Decision } from '@/core/identity/policy';
import type { ErrorCode } from '@/lib/error-codes';
import { AppError } from '@/server/http/errors';

const DECISION_ERRORS = {
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  hidden: 'NOT_FOUND',
} as const satisfies Record<Exclude<Decision, 'allow'>, ErrorCode>;

/**
 * The one place a policy's refusal becomes an error of the catalogue (SPEC.md §6, §8): 401 for
 * a visitor who must sign in, 403 for someone without the right, 404 where the thing is hidden.
 * Does nothing when the decision allows. `message` replaces the catalogue's default text.
 */
export function requireAllowed(decision: Decision, message?: string): void {
  if (decision !== 'allow') throw new AppError(DECISION_ERRORS[decision], decision === 'hidden' ? undefined : message);
}
