import type { IncomingMessage } from 'node:http';
import { AppError } from './errors';

export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body within `limit` bytes. An empty body reads as undefined, so the
 * endpoint's schema decides whether one was needed.
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_JSON_BYTES): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit / 1024 / 1024} MiB.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      req.resume();
      throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit / 1024 / 1024} MiB.`);
    }
    chunks.push(buf);
  }
  if (size === 0) return undefined;
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('INVALID_JSON');
  }
}
