/**
 * One dedicated PostgreSQL connection that LISTENs on a channel (a pooled connection cannot: the
 * pool hands it to other queries). It reconnects after any failure, with a growing pause (0.5 s
 * up to 15 s), and says so through `onConnect`, so that its user can read what it missed while
 * it was away; `onLost` says when it stops hearing (a lost connection, or a failed attempt).
 * PostgreSQL only: embedded PGlite has one process, which needs no notifications.
 */
import { logger } from '@/server/log';

export interface Listening {
  /** Resolves once the first LISTEN is in place (or the first attempt failed and a retry waits). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function listenChannel(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnect: (reconnected: boolean) => void = () => undefined,
  onLost: () => void = () => undefined,
): Listening {
  let stopped = false;
  let client: import('pg').Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let connectedOnce = false;

  const connect = async (): Promise<void> => {
    const { Client } = await import('pg');
    const c = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, keepAlive: true });
    client = c;
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = undefined;
      c.removeAllListeners();
      void c.end().catch(() => undefined);
      onLost();
      if (stopped) return;
      failures += 1;
      const pause = Math.min(15_000, 500 * 2 ** Math.min(failures - 1, 5));
      logger().warn({ err, retryInMs: pause }, `the ${channel} listening connection was lost; reconnecting`);
      retryTimer = setTimeout(() => void connect().catch(() => undefined), pause);
      retryTimer.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    try {
      await c.connect();
      // The channel is our own constant, quoted as an identifier.
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      lost(err);
      return;
    }
    if (stopped) return void c.end().catch(() => undefined);
    failures = 0;
    onConnect(connectedOnce);
    connectedOnce = true;
  };

  const ready = connect().catch(() => undefined);
  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
