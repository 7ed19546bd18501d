/**
 * A `fetch` for clients that take one (openid-client's `customFetch`) whose every connection goes
 * through the outbound guard (ssrf.ts): an IP-literal host is checked before connecting, a name
 * is resolved, checked and connected to in one `lookup`. Built on node:http(s) because the
 * platform's fetch offers no hook on the address it connects to.
 *
 * Redirects are never followed (the answer is handed back as it came); the answer's body is read
 * whole, up to BODY_LIMIT bytes; the request's `signal` aborts it. Bodies are strings, bytes or
 * URLSearchParams (no streams), and no compression is asked for.
 */
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, literalRefusal, RefusedAddressError, type OutboundPolicy, type Resolver } from './ssrf';

/** Enough for any discovery document, key set or token answer. */
export const BODY_LIMIT = 1024 * 1024;

export interface GuardedFetchInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  /** A stream is refused (nothing here sends one). */
  body?: string | Uint8Array | ArrayBuffer | URLSearchParams | ReadableStream | null;
  signal?: AbortSignal;
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function bodyBytes(body: GuardedFetchInit['body']): { bytes: Buffer | null; type?: string } {
  if (body === undefined || body === null) return { bytes: null };
  if (typeof body === 'string') return { bytes: Buffer.from(body), type: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams)
    return { bytes: Buffer.from(body.toString()), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (body instanceof ArrayBuffer) return { bytes: Buffer.from(body) };
  if (body instanceof Uint8Array) return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  throw new TypeError('this fetch sends strings, bytes or URLSearchParams only');
}

/** A fetch that reaches only what `policy` allows. `resolve` is replaceable for tests (a stub resolver). */
export function guardedFetch(policy: OutboundPolicy, resolve?: Resolver) {
  return (input: string | URL, init: GuardedFetchInit = {}): Promise<Response> =>
    new Promise<Response>((settle, fail) => {
      const url = new URL(input);
      const transport = url.protocol === 'https:' ? https : url.protocol === 'http:' && policy.allowHttp ? http : null;
      if (!transport) return fail(new RefusedAddressError(`refused: ${url.protocol} URLs are not allowed`));
      const literal = literalRefusal(url, policy);
      if (literal) return fail(new RefusedAddressError(`refused to connect to ${url.hostname}: ${literal}`));
      const signal = init.signal;
      if (signal?.aborted) return fail(signal.reason);

      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const { bytes, type } = bodyBytes(init.body);
      if (type && !('content-type' in headers)) headers['content-type'] = type;
      if (bytes) headers['content-length'] = String(bytes.length);
      // Node's sockets do not decompress: ask for none.
      delete headers['accept-encoding'];

      const request = transport.request(url, {
        method: init.method ?? 'GET',
        headers,
        agent: false,
        lookup: guardedLookup(policy, resolve),
      });
      const onAbort = () => request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      request.on('error', (err) => {
        done();
        fail(err);
      });
      request.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > BODY_LIMIT) return request.destroy(new Error(`the answer from ${url.host} is larger than ${BODY_LIMIT} bytes`));
          chunks.push(chunk);
        });
        res.on('end', () => {
          done();
          const status = res.statusCode ?? 502;
          const answerHeaders = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const body = NULL_BODY.has(status) ? null : Buffer.concat(chunks);
          settle(new Response(body, { status, statusText: res.statusMessage ?? '', headers: answerHeaders }));
        });
        res.on('error', (err) => {
          done();
          fail(err);
        });
        res.on('close', () => {
          if (res.complete) return;
          done();
          fail(new Error(`the connection to ${url.host} closed before the answer ended`));
        });
      });
      request.end(bytes ?? undefined);
    });
}
