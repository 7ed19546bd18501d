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

/** The requests in progress, so that shutdown waits for them and ends their keep-alive connections. */
export class InFlightRequests {
  private readonly open = new Set<http.ServerResponse>();
  private stopping = false;
  private closingIdle = false;
  private emptied: (() => void) | undefined;

  constructor(private readonly server: http.Server) {}

  get size(): number {
    return this.open.size;
  }

  track(res: http.ServerResponse): void {
    this.open.add(res);
    if (this.stopping) res.setHeader('connection', 'close');
    res.once('close', () => {
      this.open.delete(res);
      if (!this.stopping) return;
      // An answer whose headers left before the signal kept its connection alive: close it once idle.
      if (this.closingIdle) setImmediate(() => this.server.closeIdleConnections());
      if (this.open.size === 0) this.emptied?.();
    });
  }

  /** Closes the idle connections now, and each connection as it becomes idle from now on. */
  closeIdle(): void {
    this.closingIdle = true;
    this.server.closeIdleConnections();
  }

  /**
   * Tells every answer not yet started to close its connection, and resolves when no request is
   * left or `deadlineMs` has passed, with the number still in progress (0: all answered).
   */
  async drain(deadlineMs: number): Promise<number> {
    this.stopping = true;
    for (const res of this.open) if (!res.headersSent) res.setHeader('connection', 'close');
    if (this.open.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (this.emptied = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs))),
    ]);
    clearTimeout(timer);
    return this.open.size;
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
  // Stops listening and leaves the open connections be (http.Server#close would also close the
  // idle ones at once: see above).
  net.Server.prototype.close.call(server);
  const grace = setTimeout(() => requests.closeIdle(), idleGraceMs);
  const [requestsLeft, workLeft] = await Promise.all([requests.drain(deadlineMs), stopBackgroundWork(deadlineMs)]);
  clearTimeout(grace);
  if (requestsLeft > 0 || workLeft > 0) {
    // Requests still running lose their connections; a job still running keeps its claim, which
    // lapses after its lease, so another instance (or the next start) runs it again.
    log.warn({ requests: requestsLeft, backgroundRuns: workLeft, deadlineMs }, 'shutdown deadline passed: cutting what is left');
  }
  server.closeAllConnections();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    parts.closeDatabase(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not close within ${databaseCloseMs} ms`)), databaseCloseMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
