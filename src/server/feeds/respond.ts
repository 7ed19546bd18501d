/**
 * Answers for the machine-read documents (feeds, sitemap, robots): GET and HEAD only, a strong
 * ETag over the body so a reader polling a feed gets 304 when nothing changed, and
 * `Cache-Control: no-cache` so every use is revalidated (a board made private leaves no copy
 * behind in a shared cache). They are not JSON and not pages, so their 404 is plain text.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type DocumentHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
export const XML_TYPE = 'application/xml; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Refuses methods other than GET and HEAD with 405; returns whether the request may go on. */
export function acceptReadOnly(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  res.statusCode = 405;
  res.setHeader('allow', 'GET, HEAD');
  res.setHeader('content-type', TEXT_TYPE);
  res.end('Method not allowed.\n');
  return false;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/** Sends the document, or 304 when the reader already has this exact body. */
export function sendDocument(req: IncomingMessage, res: ServerResponse, body: string, contentType: string): void {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  res.setHeader('etag', etag);
  res.setHeader('cache-control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('content-type', contentType);
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** 404 as plain text: there is no such feed, or it is not public. */
export function sendNotFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-type', TEXT_TYPE);
  res.end('Not found.\n');
}
