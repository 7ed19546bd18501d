/**
 * Requests Node's HTTP parser refuses before any handler runs. Node answers them with a bare
 * status line; for a request head over the size limit (a very long URL) on an /api path, or on a
 * path that cannot be told, the answer is JSON in the catalogue shape instead (SPEC.md §2: /api
 * answers JSON, always).
 * Anything else gets Node's own answer, written as Node writes it.
 */
import type { Duplex } from 'node:stream';
import { errorBody } from './errors';
import { isApiPath } from './api-path';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** The request line's method and path, when the bytes Node refused begin with one. */
function requestLine(raw: Buffer | undefined): { method?: string; path?: string } {
  const line = /^([A-Z]+) (\/[^ ?\r\n]*)/.exec(raw?.subarray(0, 8192).toString('latin1') ?? '');
  return { method: line?.[1], path: line?.[2] };
}

/** The raw HTTP response for a refused request. */
export function clientErrorResponse(err: ClientError, requestId: string): string {
  const { method, path } = requestLine(err.rawPacket);
  // `rawPacket` is only the chunk in which the limit was passed: over a network a long head comes
  // in many, and its request line is then in none of them. Such a request may be for /api, whose
  // answers are always JSON, so it gets the catalogue answer (a page request gets it too).
  if (err.code === 'HPE_HEADER_OVERFLOW' && (path === undefined || isApiPath(path.replace(/[\\/]+/g, '/')))) {
    const body = JSON.stringify(
      errorBody('PAYLOAD_TOO_LARGE', requestId, 'The request’s address and headers are larger than the server accepts.'),
    );
    return [
      'HTTP/1.1 413 Payload Too Large',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      `x-request-id: ${requestId}`,
      'Connection: close',
      '',
      // An answer to HEAD has no body (a client would read one as the start of another answer).
      method === 'HEAD' ? '' : body,
    ].join('\r\n');
  }
  return `HTTP/1.1 ${NODE_ANSWERS[err.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`;
}

/**
 * The server's `clientError` listener: answers unless a response is already under way on the
 * connection (writing then would corrupt it), and closes the connection, as Node does.
 */
export function answerClientError(err: ClientError, socket: Duplex, requestId: string): void {
  // Node's own check: the response of an earlier request on this connection, if any, is here.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(clientErrorResponse(err, requestId));
  socket.destroy(err);
}
