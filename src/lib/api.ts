import { isErrorReason, messageFor, type ErrorCode, type ErrorReason } from './error-codes';

/**
 * A failed /api call: the catalogue code, the API's English message (for logs; a page says it in
 * its own words through api-error-text.ts), the reason and any field errors.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter?: number,
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Calls the app's own JSON API. Errors become ApiError with the server's message (or the
 * catalogue's human message); a network failure becomes code NETWORK.
 */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; bearer?: string } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        // The embedded widget's session (docs/widget.md): held in the panel's memory, never a cookie.
        ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  const text = await res.text();
  const body = text ? safeJson(text) : undefined;
  if (res.ok) return body as T;
  throw apiErrorOf(res, body);
}

/** A request that got no answer (offline, DNS, a dropped connection). */
export const networkError = () => new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');

/**
 * The ApiError of a failed answer, from its body's catalogue error (SPEC.md §8): code, message,
 * field errors, reason and Retry-After. `fallback` is the code when the body has none.
 */
export function apiErrorOf(res: Response, body: unknown, fallback: ErrorCode = 'INTERNAL'): ApiError {
  const error = (body as { error?: { code?: ErrorCode; message?: string; fields?: Record<string, string>; reason?: string } } | undefined)
    ?.error;
  const code = error?.code ?? fallback;
  const retryAfter = Number(res.headers.get('retry-after')) || undefined;
  const reason = isErrorReason(error?.reason) ? error.reason : undefined;
  return new ApiError(res.status, code, error?.message ?? messageFor(code), error?.fields ?? {}, retryAfter, reason);
}

/**
 * Sends a file as the whole request body (the upload routes), answering like `api`. `path` may
 * carry a query string (the file's name).
 */
export async function apiUpload<T = unknown>(path: string, file: Blob, init: { method?: 'POST' | 'PUT' } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  const text = await res.text();
  const body = text ? safeJson(text) : undefined;
  if (res.ok) return body as T;
  throw apiErrorOf(res, body, res.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
