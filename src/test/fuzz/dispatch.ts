/**
 * Every registered /api/v1 route behind one in-process HTTP server, routed the way Next.js
 * routes `src/pages/api`: a static segment wins over a dynamic one, dynamic segments are
 * percent-decoded into `req.query` (over the search parameters), and any other /api path goes to
 * the catch-all JSON 404. Requests are real HTTP over 127.0.0.1, so body limits, content types
 * and headers behave as in production. Test-only.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import type { RouteHandler } from '@/server/http/route';
import { answerClientError } from '@/server/http/client-error';

type QueryValues = Record<string, string | string[]>;

interface Compiled {
  segments: string[];
  path: string;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface Dispatcher {
  origin: string;
  send(method: string, url: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer>;
  close(): Promise<void>;
}

/** The registered path (`/api/v1/posts/{number}`) a request path is routed to; undefined for the catch-all 404. */
export function routedPath(paths: readonly string[], urlPath: string): string | undefined {
  const parts = new URL(urlPath, 'http://fuzz.invalid').pathname.split('/').filter(Boolean);
  return match(
    paths.map((p) => ({ segments: p.split('/').filter(Boolean), path: p })),
    parts,
  )?.route.path;
}

function match<R extends Compiled>(routes: R[], parts: string[]): { route: R; params: QueryValues } | undefined {
  let best: { route: R; params: QueryValues; score: number } | undefined;
  for (const r of routes) {
    if (r.segments.length !== parts.length) continue;
    const params: QueryValues = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const seg = r.segments[i]!;
      const dynamic = /^\{(.+)\}$/.exec(seg);
      if (dynamic) {
        try {
          params[dynamic[1]!] = decodeURIComponent(parts[i]!);
        } catch {
          params[dynamic[1]!] = parts[i]!;
        }
      } else if (seg === parts[i]) score += 2 ** (parts.length - i);
      else ok = false;
    }
    if (ok && (!best || score > best.score)) best = { route: r, params, score };
  }
  return best;
}

export async function startDispatcher(handlers: readonly RouteHandler[], notFound: RouteHandler): Promise<Dispatcher> {
  const routes = handlers.map((r) => ({ segments: r.path.split('/').filter(Boolean), route: r, path: r.path }));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fuzz.invalid');
    const query: QueryValues = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      query[key] = all.length === 1 ? all[0]! : all;
    }
    const found = match(routes, url.pathname.split('/').filter(Boolean));
    Object.assign(req, { query: { ...query, ...found?.params } });
    (found?.route.route ?? notFound)(req as NextApiRequest, res as NextApiResponse).catch((err: unknown) => {
      // route() answers every error itself; reaching here is a failure of the pipeline.
      res.statusCode = 599;
      res.end(String(err));
    });
  });
  // As the production server does (src/server/main.ts): a request head too large for Node's parser.
  server.on('clientError', (err: Error, socket) => answerClientError(err, socket, randomUUID()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  const send = (method: string, url: string, headers: Record<string, string>, body?: string | Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const h = { ...headers };
      if (h.origin === 'self') h.origin = origin;
      if (body !== undefined) h['content-length'] = String(Buffer.byteLength(body));
      const req = http.request(`${origin}${url}`, { method, headers: h, agent }, (res) => {
        const chunks: Buffer[] = [];
        const answer = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', answer);
        res.on('error', reject);
        // An event stream (GET /api/v1/events) never ends by itself: what came in its first moments is the answer.
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          setTimeout(() => {
            answer();
            req.destroy();
          }, 150);
        }
      });
      req.on('error', reject);
      req.end(body);
    });

  return {
    origin,
    send,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
