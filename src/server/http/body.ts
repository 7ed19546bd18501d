import type { IncomingMessage } from 'node:http';
import { AppError } from './errors';

export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body within `limit` bytes. An empty body reads as undefined, so the
 * endpoint's schema decides whether one was needed.
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_JSON_BYTES): Promise<unknown> {
  return readBody(req, limit, false);
}

/** A small form body (`application/x-www-form-urlencoded` as fields, as RFC 8058 one-click sends; multipart as none), or JSON. */
export async function readFormOrJsonBody(req: IncomingMessage, limit = 8 * 1024): Promise<unknown> {
  return readBody(req, limit, true);
}

/** A file sent as the whole body (any content type: the bytes are checked for what they are), within `limit` bytes. */
export async function readFileBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return Buffer.concat(await readChunks(req, limit));
}

async function readChunks(req: IncomingMessage, limit: number): Promise<Buffer[]> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit / 1024 / 1024} MiB.`, { reason: 'bodyTooLarge' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      req.resume();
      throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit / 1024 / 1024} MiB.`, { reason: 'bodyTooLarge' });
    }
    chunks.push(buf);
  }
  return chunks;
}

async function readBody(req: IncomingMessage, limit: number, form: boolean): Promise<unknown> {
  const chunks = await readChunks(req, limit);
  const size = chunks.reduce((n, c) => n + c.length, 0);
  if (size === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (form && type === 'application/x-www-form-urlencoded')
    return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
  // RFC 8058 also allows multipart/form-data; its one field says nothing the URL does not.
  if (form && type === 'multipart/form-data') return {};
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('INVALID_JSON');
  }
}
