/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests and benchmarks: records every request
 * (headers and raw body) and answers as the test decides (status, delay, redirect, hang).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Answer = { status: number; body?: string; delayMs?: number; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: (path?: string) => string;
  received: Received[];
  /** How the next requests are answered, in turn; the last answer repeats. */
  answer: (...answers: Answer[]) => void;
  /** Requests answered `'hang'` that have had no answer yet. */
  hanging: () => number;
  /** Answers every hanging request now, with this status. */
  release: (status?: number) => void;
  /** Resolves once `n` requests in all have arrived. */
  waitFor: (n: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let answers: Answer[] = [{ status: 204 }];
  const waiters: { n: number; resolve: () => void }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      for (const w of waiters.filter((x) => received.length >= x.n)) w.resolve();
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer === 'hang') {
        hung.push(res);
        return;
      }
      const reply = () => {
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...a) => {
      answers = a;
    },
    hanging: () => hung.filter((r) => !r.writableEnded && !r.destroyed).length,
    release: (status = 204) => {
      for (const r of hung.splice(0)) if (!r.writableEnded && !r.destroyed) r.writeHead(status).end();
    },
    waitFor: (n, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (received.length >= n) return resolve();
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${n} requests`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
