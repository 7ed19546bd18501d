import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { env } from '@/config/env';

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The id the server entry gave this request (header x-request-id), or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The client's address; X-Forwarded-For counts only behind a trusted proxy. */
export function clientIp(req: IncomingMessage): string {
  if (env().CHORUS_TRUST_PROXY) {
    const fwd = req.headers['x-forwarded-for'];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket?.remoteAddress ?? 'unknown';
}
