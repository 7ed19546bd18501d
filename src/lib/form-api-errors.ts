import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { messageFor } from './error-codes';

/**
 * Shows a failed API call in a react-hook-form form: each field error the server named goes
 * inline under its field (the first one gets focus), and the returned message is for the
 * form's alert. Values typed so far are left as they are.
 */
export function showApiError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fieldNames: readonly Path<T>[]): string {
  if (!(err instanceof ApiError)) return messageFor('INTERNAL');
  let focus = true;
  for (const [name, message] of Object.entries(err.fields)) {
    if (!(fieldNames as readonly string[]).includes(name)) continue;
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: focus });
    focus = false;
  }
  if (err.code === 'RATE_LIMITED' && err.retryAfter) {
    const wait = err.retryAfter < 90 ? `${err.retryAfter} seconds` : `${Math.ceil(err.retryAfter / 60)} minutes`;
    return `${err.message} You can try again in ${wait}.`;
  }
  return err.message;
}
