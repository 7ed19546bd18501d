/**
 * Graceful shutdown (docs/operations.md, "Shutdown"): on SIGTERM or SIGINT the server stops
 * listening, finishes the requests in progress and the background work already claimed, and only
 * then closes the database, within one deadline.
 *
 * Why no 503s: a request that reaches this instance while it stops is answered normally (the
 * database is still open) with `Connection: close`, so clients open their next connection
 * elsewhere; after the listener closes, a new connection is refused, which a balancer retries on
 * another instance. Every request that got in gets its answer, and none is a 5xx.
 *
 * Idle keep-alive connections are closed only after a short grace: a request a client has already
 * sent on one may not have been read yet (a busy process reads late), and closing the connection
 * under it would cut it (a reset, which a balancer reports as a 502). During the grace such a
 * request is answered like any other, with `Connection: close`.
 */
import type http from 'node:http';
import net from 'node:net';
import type { Logger } from 'pino';
import { stopBackgroundWork } from './background-work';

/** From the signal: requests and claimed work have this long to finish. */
export const SHUTDOWN_DEADLINE_MS = 20_000;
/** Then closing the database (PGlite flushes to disk) has this long. */
export const DATABASE_CLOSE_MS = 5_000;
/** Idle keep-alive connections are left open this long after the signal (see above). */
export const IDLE_GRACE_MS = 1_000;

/** Resolves after the event loop's next poll phase, in which it reads what clients have sent. */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** The requests in progress, so that shutdown waits for them and ends their keep-alive connections. */
export class InFlightRequests {
  private readonly open = new Set<http.ServerResponse>();
  /** Open connections, with their requests in progress. */
  private readonly connections = new Map<net.Socket, number>();
  /**
   * Connections that have not brought a request yet: one is on its way (or waits unread in a busy
   * process), so they are waited for like requests, never closed as idle.
   */
  private readonly fresh = new Set<net.Socket>();
  private stopping = false;
  private closingIdle = false;
  private emptied: (() => void) | undefined;

  constructor(server: http.Server) {
    server.on('connection', (socket: net.Socket) => {
      this.connections.set(socket, 0);
      this.fresh.add(socket);
      socket.once('close', () => {
        this.connections.delete(socket);
        this.fresh.delete(socket);
        this.settle();
      });
    });
  }

  get size(): number {
    return this.open.size;
  }

  track(res: http.ServerResponse): void {
    const socket = res.req.socket;
    this.open.add(res);
    this.fresh.delete(socket);
    this.connections.set(socket, (this.connections.get(socket) ?? 0) + 1);
    if (this.stopping) res.setHeader('connection', 'close');
    res.once('close', () => {
      this.open.delete(res);
      if (this.connections.has(socket)) this.connections.set(socket, (this.connections.get(socket) ?? 1) - 1);
      if (!this.stopping) return;
      // An answer whose headers left before the signal kept its connection alive: close it once
      // idle (after a poll phase, so that a request already sent on it is read first, not cut).
      if (this.closingIdle) setImmediate(() => this.closeIdleConnections());
      this.settle();
    });
  }

  /** Closes the connections with no request in progress that have already brought one. */
  private closeIdleConnections(): void {
    for (const [socket, requests] of this.connections) if (requests === 0 && !this.fresh.has(socket)) socket.destroy();
  }

  private settle(): void {
    if (this.stopping && this.open.size === 0 && this.fresh.size === 0) this.emptied?.();
  }

  /** From now on every answer not yet started, and every new one, closes its connection. */
  stop(): void {
    this.stopping = true;
    for (const res of this.open) if (!res.headersSent) res.setHeader('connection', 'close');
  }

  /**
   * After `graceMs` (when any connection is open) closes the idle connections; then resolves when
   * no request is left, or at the deadline, with the number still in progress (0: all answered).
   * Requests that arrive meanwhile on open connections are answered and waited for too.
   */
  async drain({ graceMs, deadlineMs }: { graceMs: number; deadlineMs: number }): Promise<number> {
    const deadline = Date.now() + deadlineMs;
    this.stop();
    if (this.connections.size > 0) await this.waitForEmpty(Math.min(graceMs, deadlineMs), { always: true });
    await afterPoll();
    this.closingIdle = true;
    this.closeIdleConnections();
    for (;;) {
      if (!(await this.waitForEmpty(deadline - Date.now()))) return this.open.size + this.fresh.size;
      // None left: one more poll phase, in case a client's request has arrived unread.
      await afterPoll();
      if (this.isEmpty()) return 0;
    }
  }

  private isEmpty(): boolean {
    return this.open.size === 0 && this.fresh.size === 0;
  }

  /** Waits `ms`, or (unless `always`) until no request or fresh connection is left first; answers whether none is. */
  private async waitForEmpty(ms: number, { always = false } = {}): Promise<boolean> {
    if (!this.isEmpty() || always) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ...(always ? [] : [new Promise<void>((resolve) => (this.emptied = resolve))]),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms)))),
      ]);
      clearTimeout(timer);
    }
    return this.isEmpty();
  }
}

export interface ShutdownParts {
  server: http.Server;
  requests: InFlightRequests;
  /** Stops the timers and ends the open live-update streams. */
  stopTimers(): void;
  closeDatabase(): Promise<void>;
  log: Pick<Logger, 'info' | 'warn'>;
  deadlineMs?: number;
  databaseCloseMs?: number;
  idleGraceMs?: number;
}

/**
 * Stops the server in order: no new connections, no new claims; in-flight requests and claimed
 * work finish (until the deadline); then the database closes. Rejects when the database does not
 * close in time.
 */
export async function shutDown(parts: ShutdownParts, signal: string): Promise<void> {
  const {
    server,
    requests,
    log,
    deadlineMs = SHUTDOWN_DEADLINE_MS,
    databaseCloseMs = DATABASE_CLOSE_MS,
    idleGraceMs = IDLE_GRACE_MS,
  } = parts;
  log.info({ signal, requests: requests.size, deadlineMs }, 'shutting down: finishing in-flight requests and claimed jobs');
  parts.stopTimers();
  // Connections the system has completed but this process has not yet taken (it was busy) are
  // taken first: closing the listener would reset them.
  await afterPoll();
  // Then, in one turn: stop listening, leaving the open connections be (http.Server#close would
  // also close the idle ones at once: see above), and from now on every answer closes its
  // connection. Not before: a client told to close would reconnect while this still listens.
  net.Server.prototype.close.call(server);
  requests.stop();
  const work = stopBackgroundWork(deadlineMs);
  const requestsLeft = await requests.drain({ graceMs: idleGraceMs, deadlineMs });
  // No request in progress (or the deadline): what connections are left are closed, in the same
  // turn of the event loop, so no request can arrive in between.
  server.closeAllConnections();
  const workLeft = await work;
  if (requestsLeft > 0 || workLeft > 0) {
    // Requests still running lost their connections; a job still running keeps its claim, which
    // lapses after its lease, so another instance (or the next start) runs it again.
    log.warn({ requests: requestsLeft, backgroundRuns: workLeft, deadlineMs }, 'shutdown deadline passed: cutting what is left');
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    parts.closeDatabase(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not close within ${databaseCloseMs} ms`)), databaseCloseMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
