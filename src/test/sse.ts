/**
 * A server-sent-events client for tests: serves a route handler on 127.0.0.1 (as callRoute does)
 * and keeps its answer open, parsing frames as they arrive. `next()` waits for the next frame that
 * matches; `none()` proves that no matching frame came within a time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import type { RouteHandler } from './http';

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  /** A comment line (`: keep-alive`). */
  comment?: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  frames: SseFrame[];
  /** The next frame (after those already taken by next()) that matches, within `timeoutMs`. */
  next(match?: (f: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when no matching frame arrives within `ms` (from now); rejects when one does. */
  none(match: (f: SseFrame) => boolean, ms?: number): Promise<void>;
  /** The error body when the answer was not a stream. */
  body: string;
  ended: Promise<void>;
  close(): Promise<void>;
}

export async function openSse(
  handler: RouteHandler,
  opts: { query?: Record<string, string>; as?: { cookie: string }; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    Object.assign(req, { query: Object.fromEntries(url.searchParams) });
    void handler(req as NextApiRequest, res as NextApiResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = `/api/v1/events?${new URLSearchParams(opts.query ?? {}).toString()}`;
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.as) headers.cookie = opts.as.cookie;

  const frames: SseFrame[] = [];
  let taken = 0;
  let waiters: (() => void)[] = [];
  const notify = () => {
    for (const w of waiters.splice(0)) w();
  };
  let body = '';
  let endedResolve!: () => void;
  const ended = new Promise<void>((r) => (endedResolve = r));
  const req = http.request({ host: '127.0.0.1', port, path, headers });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    body += chunk;
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const frame: SseFrame = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) frame.comment = line.slice(1).trim();
        else {
          const colon = line.indexOf(':');
          const field = line.slice(0, colon) as keyof SseFrame;
          frame[field] = line.slice(colon + 1).trimStart();
        }
      }
      frames.push(frame);
    }
    notify();
  });
  res.on('close', () => {
    endedResolve();
    notify();
  });

  const find = (match: (f: SseFrame) => boolean) => {
    for (let i = taken; i < frames.length; i++) {
      if (match(frames[i]!)) {
        taken = i + 1;
        return frames[i];
      }
    }
    return undefined;
  };
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    frames,
    get body() {
      return body;
    },
    ended,
    next: (match = () => true, timeoutMs = 5000) =>
      new Promise<SseFrame>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(taken))}`));
        }, timeoutMs);
        const check = () => {
          const f = find(match);
          if (f) {
            clearTimeout(timer);
            resolve(f);
          } else waiters.push(check);
        };
        check();
      }),
    none: (match, ms = 500) =>
      new Promise<void>((resolve, reject) => {
        const from = frames.length;
        setTimeout(() => {
          const hit = frames.slice(from).find(match);
          if (hit) reject(new Error(`unexpected frame ${JSON.stringify(hit)}`));
          else resolve();
        }, ms);
      }),
    close: async () => {
      req.destroy();
      res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
