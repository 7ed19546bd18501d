import { ERROR_CATALOGUE, type ApiErrorBody, type ErrorCode, type ErrorReason } from '@/lib/error-codes';

/**
 * A failure the caller can act on; the pipeline turns it into its catalogue status and body.
 * A `message` written for one case comes with its `reason` (error-codes.ts), so that a page can
 * say it in its reader's language.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly options: { fields?: Record<string, string>; headers?: Record<string, string>; reason?: ErrorReason } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export function errorBody(
  code: ErrorCode,
  requestId: string,
  message?: string,
  fields?: Record<string, string>,
  reason?: ErrorReason,
): ApiErrorBody {
  return {
    error: {
      code,
      message: message ?? ERROR_CATALOGUE[code].message,
      ...(reason ? { reason } : {}),
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
      requestId,
    },
  };
}

/**
 * Runs a write and turns a unique violation into the given error (usually 409 CONFLICT naming
 * the field that is taken); any other failure passes through.
 */
export async function onUniqueViolation<T>(work: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}

/** PostgreSQL's unique_violation, detected by SQLSTATE rather than message text. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  // Drizzle wraps driver errors; the SQLSTATE sits on the innermost `cause`.
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
