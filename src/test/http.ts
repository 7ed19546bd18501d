/**
 * Calls an API route handler (what `route()` returns) over real HTTP: the handler is served by
 * a plain http.Server on 127.0.0.1 and called with fetch, so body limits, content types,
 * headers and the socket address behave as in production.
 *
 * `as: actor` (see src/test/actors.ts) sends that person's session cookie, which `resolveActor`
 * (src/server/identity/actor.ts, through `authenticate` in src/server/http/authenticate.ts) reads
 * exactly as in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import type { ApiErrorBody } from '@/lib/error-codes';

export type RouteHandler = (req: NextApiRequest, res: NextApiResponse) => Promise<void>;
type QueryValues = Record<string, string | string[]>;

export interface CallOptions {
  method?: string;
  /** The request path, with or without a search string. */
  path?: string;
  /** Search parameters appended to the path. */
  query?: QueryValues;
  /** Dynamic route segments (e.g. `{ number: '12' }` for `[number].ts`), merged into req.query as Next does. */
  params?: QueryValues;
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json` unless a content type is given. */
  body?: unknown;
  /** Sent as-is; a stream is sent chunked (no content-length). */
  rawBody?: string | Uint8Array | ReadableStream<Uint8Array>;
  /** Sends an Origin header: 'self' is the origin the test server answers on. */
  origin?: 'self' | string;
  /** Calls as this person (their session cookie); omit to call as a visitor. */
  as?: { cookie: string };
}

/** A JSON response body: the catalogue error shape, or whatever the endpoint returns. */
export type JsonBody = Partial<ApiErrorBody> & Record<string, unknown>;

export interface CallResult<T = JsonBody> {
  status: number;
  headers: Headers;
  /** The parsed body; undefined when it is empty. */
  json: T;
  text: string;
  /** The body's bytes (an image, say). */
  bytes: Buffer;
}

export async function callRoute<T = JsonBody>(handler: RouteHandler, opts: CallOptions = {}): Promise<CallResult<T>> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    const query: QueryValues = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      query[key] = all.length === 1 ? all[0]! : all;
    }
    Object.assign(req, { query: { ...query, ...opts.params } });
    handler(req as NextApiRequest, res as NextApiResponse).catch((err: unknown) => {
      // route() answers every error itself; reaching here is a bug in the pipeline.
      res.statusCode = 599;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  try {
    const url = new URL(opts.path ?? '/api/test', origin);
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      for (const v of [value].flat()) url.searchParams.append(key, v);
    }
    const res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers: requestHeaders(opts, origin),
      body: requestBody(opts),
      redirect: 'manual',
      ...(opts.rawBody instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    const json = (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T;
    return { status: res.status, headers: res.headers, json, text, bytes };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function requestHeaders(opts: CallOptions, serverOrigin: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.origin) headers.origin = opts.origin === 'self' ? serverOrigin : opts.origin;
  if (opts.as) headers.cookie = opts.as.cookie;
  return { ...headers, ...opts.headers };
}

function requestBody(opts: CallOptions): RequestInit['body'] {
  if (opts.rawBody !== undefined) return opts.rawBody as RequestInit['body'];
  return opts.body === undefined ? undefined : JSON.stringify(opts.body);
}
