/**
 * The app's own API, typed from its OpenAPI document: `./schema.d.ts` is generated from the
 * document by `npm run api:client` (openapi-typescript), and openapi-fetch sends the calls. Same
 * origin, the session cookie, JSON. Read answers through `ok()`, which fails as `api()` does
 * (src/lib/api.ts): an ApiError with the catalogue code, reason and field errors, which
 * `useApiErrorText` puts in the page's words.
 */
import createClient, { type Client } from 'openapi-fetch';
import { apiErrorOf, networkError } from '@/lib/api';
import type { paths } from './schema';

export function createApiClient(baseUrl = ''): Client<paths> {
  return createClient<paths>({
    baseUrl,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    // No answer at all is the same NETWORK error `api()` throws; an abort stays an abort.
    fetch: (request) =>
      fetch(request).catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') throw err;
        throw networkError();
      }),
  });
}

/** The client the browser code uses: paths are resolved against the page's own origin. */
export const apiClient = createApiClient();

/** A call's data, or the ApiError of its failed answer. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorOf(response, error);
  return data as T;
}
