import { ApiError } from '@/lib/api';
import { messageFor } from '@/lib/error-codes';

export interface FormProblem {
  /** What the error summary says. */
  message: string;
  /** Field errors from the server (VALIDATION_FAILED and friends), by field name. */
  fields: Record<string, string>;
  code: string;
}

/** "30 seconds", "2 minutes": how long until a rate limit lifts. */
export function waitTime(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A person-readable account of a failed account request, one per error code. The server's own
 * message is used where it says something specific (the unverified-email 403, an expired
 * invitation), the catalogue's otherwise.
 */
export function describeProblem(err: unknown): FormProblem {
  if (!(err instanceof ApiError)) return { code: 'INTERNAL', message: messageFor('INTERNAL'), fields: {} };
  const fields = err.fields;
  switch (err.code) {
    case 'INVALID_CREDENTIALS':
      return {
        code: err.code,
        message: 'That email and password do not match. Check them and try again, or reset your password.',
        fields: {},
      };
    case 'ACCOUNT_BANNED':
      return {
        code: err.code,
        message: 'This account has been suspended, so it cannot sign in. If you think this is a mistake, contact the workspace admins.',
        fields: {},
      };
    case 'RATE_LIMITED':
      return {
        code: err.code,
        message: `Too many attempts. Please wait ${waitTime(err.retryAfter ?? 60)} and try again.`,
        fields: {},
      };
    case 'TOKEN_INVALID':
      return { code: err.code, message: err.message || messageFor('TOKEN_INVALID'), fields };
    case 'VALIDATION_FAILED':
      return { code: err.code, message: 'Some fields need another look.', fields };
    default:
      return { code: err.code, message: err.message || messageFor(err.code), fields };
  }
}
