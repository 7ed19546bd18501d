import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { db, queryRows } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { enqueueJob, jobHandler, kickJobs, type JobHandlers } from '@/server/jobs/queue';
import { useTestDatabase } from '@/test/db';
import { backgroundWorkStopped, resumeBackgroundWorkForTests } from './background-work';
import { InFlightRequests, shutDown } from './shutdown';

useTestDatabase();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(async () => {
  resumeBackgroundWorkForTests();
  await db().delete(jobs);
});
afterEach(() => resumeBackgroundWorkForTests());

interface Answer {
  status?: number;
  /** The request's number, as the server answered it. */
  n?: string;
  connection?: string;
  error?: string;
  at: number;
}

/** One request on a client's keep-alive agent; never throws (a refused or cut connection is an answer too). */
function request(port: number, agent: http.Agent, path = '/'): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, n: String(res.headers['x-n']), connection: res.headers.connection, at: performance.now() }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, at: performance.now() }));
  });
}

const silentLog = () => {
  const lines: { msg: string; fields: Record<string, unknown> }[] = [];
  const log = {
    info: (fields: Record<string, unknown>, msg: string) => void lines.push({ fields, msg }),
    warn: (fields: Record<string, unknown>, msg: string) => void lines.push({ fields, msg }),
  };
  return { lines, log: log as unknown as Parameters<typeof shutDown>[0]['log'] };
};

/**
 * A server shaped like the real one: every request reads the database, takes a while, enqueues a
 * job and kicks the runner; each job also takes a while. `events` records the order of things.
 */
function startLoadedServer(events: string[]) {
  const handlers: JobHandlers = {
    'test.shutdown': jobHandler(z.object({ n: z.number() }), async ({ n }, { tx }) => {
      await tx.execute(sql`select 1`);
      await sleep(40);
      events.push(`job ${n} done`);
    }),
  };
  let n = 0;
  /** When the server ended each answer, and whether it was still listening, by request number. */
  const ends = new Map<string, { at: number; listening: boolean }>();
  const server = http.createServer();
  const requests = new InFlightRequests(server);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.track(res);
    void (async () => {
      await db().execute(sql`select 1`);
      await sleep(60);
      const number = ++n;
      await enqueueJob('test.shutdown', { n: number });
      kickJobs(handlers);
      res.setHeader('x-n', number);
      res.end('ok');
      ends.set(String(number), { at: performance.now(), listening: server.listening });
      events.push('answered');
    })();
  });
  return { server, requests, ends };
}

describe('graceful shutdown', () => {
  it('answers every request that got in, finishes claimed jobs, then closes the database; new connections are refused', async () => {
    const events: string[] = [];
    const { server, requests, ends } = startLoadedServer(events);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    // Ten keep-alive clients, each sending one request after another until the server is gone.
    const answers: Answer[] = [];
    let stoppedAt = Infinity;
    const clients = Array.from({ length: 10 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; i < 200; i++) {
        const answer = await request(port, agent);
        answers.push(answer);
        if (answer.error && answer.at > stoppedAt) break;
      }
      agent.destroy();
    });
    await sleep(400);

    const { lines, log } = silentLog();
    let closedWith: { inFlight: number; jobsDone: number } | undefined;
    stoppedAt = performance.now();
    await shutDown(
      {
        server,
        requests,
        stopTimers: () => events.push('timers stopped'),
        closeDatabase: async () => {
          closedWith = { inFlight: requests.size, jobsDone: events.filter((e) => e.endsWith('done')).length };
          events.push('database closed');
        },
        log,
      },
      'SIGTERM',
    );
    await Promise.all(clients);

    // The signal met requests in progress, and they were answered after it.
    expect(lines[0]?.fields.requests).toBeGreaterThan(0);
    const answered = answers.filter((a) => a.status !== undefined);
    // Every answer is a 200; those the server ended once it had stopped listening tell the client to close the connection.
    expect(answered.every((a) => a.status === 200)).toBe(true);
    const endedAfter = answered.filter((a) => !ends.get(a.n!)!.listening);
    expect(endedAfter.length).toBeGreaterThan(0);
    expect(endedAfter.filter((a) => a.connection !== 'close')).toEqual([]);
    // What did not get in was refused at connect: no request was cut, none found its connection closed under it.
    const refused = answers.filter((a) => a.error);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((a) => a.error !== 'ECONNREFUSED')).toEqual([]);
    expect(await request(port, new http.Agent())).toMatchObject({ error: 'ECONNREFUSED' });

    // The database closed last: no request in flight, no job still running.
    expect(events.at(-1)).toBe('database closed');
    expect(closedWith?.inFlight).toBe(0);
    expect(backgroundWorkStopped()).toBe(true);
    // Every answered request enqueued a job: each either ran, or waits unclaimed for the next start.
    const left = await queryRows<{ attempts: number; last_error: string | null }>(sql`select attempts, last_error from jobs`);
    expect(left.filter((j) => Number(j.attempts) > 0 || j.last_error !== null)).toEqual([]);
    expect(closedWith!.jobsDone + left.length).toBe(answered.length);
  });

  it('waits for a job already claimed, with no request in flight, before closing the database', async () => {
    const events: string[] = [];
    const handlers: JobHandlers = {
      'test.slow': jobHandler(z.object({}), async () => {
        events.push('job started');
        await sleep(300);
        events.push('job done');
      }),
    };
    await enqueueJob('test.slow', {});
    await enqueueJob('test.slow', {});
    kickJobs(handlers);
    while (!events.includes('job started')) await sleep(5);

    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { log } = silentLog();
    const closeDatabase = async () => void events.push('database closed');
    await shutDown({ server, requests: new InFlightRequests(server), stopTimers: () => undefined, closeDatabase, log }, 'SIGTERM');
    // The job in hand finished; the second was never claimed.
    expect(events).toEqual(['job started', 'job done', 'database closed']);
    expect(await queryRows<{ attempts: number }>(sql`select attempts from jobs`)).toEqual([{ attempts: 0 }]);
  });

  it('once stopped, a kick claims nothing: the job waits, unclaimed', async () => {
    const ran: number[] = [];
    const handlers: JobHandlers = { 'test.stopped': jobHandler(z.object({}), async () => void ran.push(1)) };
    const server = http.createServer();
    const { log } = silentLog();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await shutDown(
      { server, requests: new InFlightRequests(server), stopTimers: () => undefined, closeDatabase: async () => undefined, log },
      'SIGINT',
    );
    await enqueueJob('test.stopped', {});
    kickJobs(handlers);
    await sleep(50);
    expect(ran).toEqual([]);
    expect(await queryRows<{ attempts: number }>(sql`select attempts from jobs`)).toEqual([{ attempts: 0 }]);
  });

  it('answers a request that comes late on a connection opened before the signal, after the grace', async () => {
    const server = http.createServer();
    const requests = new InFlightRequests(server);
    server.on('request', (_req, res: http.ServerResponse) => {
      requests.track(res);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));

    const { log } = silentLog();
    const stopping = shutDown(
      { server, requests, stopTimers: () => undefined, closeDatabase: async () => undefined, log, idleGraceMs: 50 },
      'SIGTERM',
    );
    await sleep(300);
    socket.write('GET / HTTP/1.1\r\nHost: chorus.test\r\n\r\n');
    await stopping;
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('at the deadline, cuts a request that is still running and closes the database', async () => {
    const server = http.createServer();
    const requests = new InFlightRequests(server);
    server.on('request', (_req, res: http.ServerResponse) => requests.track(res)); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const hung = request(port, new http.Agent({ keepAlive: true }));
    while (requests.size === 0) await sleep(5);

    const { lines, log } = silentLog();
    let closed = false;
    const t0 = performance.now();
    await shutDown(
      { server, requests, stopTimers: () => undefined, closeDatabase: async () => void (closed = true), log, deadlineMs: 300 },
      'SIGTERM',
    );
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(closed).toBe(true);
    expect((await hung).error).toBe('ECONNRESET');
    expect(lines.find((l) => l.msg.startsWith('shutdown deadline passed'))?.fields).toMatchObject({ requests: 1 });
  });

  it('fails when the database does not close in time', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { log } = silentLog();
    await expect(
      shutDown(
        {
          server,
          requests: new InFlightRequests(server),
          stopTimers: () => undefined,
          closeDatabase: () => new Promise<void>(() => undefined),
          log,
          databaseCloseMs: 100,
        },
        'SIGTERM',
      ),
    ).rejects.toThrow(/did not close within 100 ms/);
  });
});
