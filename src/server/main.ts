/**
 * The Chorus server: opens and migrates the database, prepares the Next.js production build,
 * serves HTTP with security headers and one log line per request, and shuts down cleanly
 * (src/server/shutdown.ts).
 * Started by scripts/start.mjs (npm start), which builds first when the build is stale.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import next from 'next';
import { env, EnvError, type Env } from '@/config/env';
import { readSessionToken, readsOwnWrites } from '@/server/identity/cookies';
import { capturePage, pageCacheKey, serveCachedPage } from '@/server/cache/page-cache';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { checkpointIfLogGrew, upkeepIfEmbedded } from '@/server/db/maintenance';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { answerForApiPath, type ApiPathAnswer } from '@/server/http/api-path';
import { answerClientError } from '@/server/http/client-error';
import { errorBody } from '@/server/http/errors';
import { newNonce, securityHeaders } from '@/server/http/security-headers';
import { pruneRateLimits } from '@/server/http/rate-limit';
import { readWidgetScript, serveWidgetScript, WIDGET_SCRIPT_PATH } from '@/server/http/widget-script';
import { drainJobs, registerJobHandlers } from '@/server/jobs/queue';
import { trackBackgroundWork } from '@/server/background-work';
import { InFlightRequests, shutDown } from '@/server/shutdown';
import {
  deliverWebhooks,
  jobHandlers,
  refreshTrending as refreshTrendingScores,
  scheduleBackgroundWork,
  setUpFromEnvironment,
} from '@/composition/background';
import { deliverPendingEmails } from '@/server/mail/outbox';
import { mayShareRender, serveSharedPage } from '@/composition/shell/shared-pages';
import { pruneExpiredSessions } from '@/server/identity/sessions';
import { pruneExpiredSsoFlows } from '@/server/identity/tokens';
import { logger } from '@/server/log';
import { collectWhenQuiet } from '@/server/idle-gc';
import { liveHub } from '@/server/live/hub';
import { listenForLiveSignals } from '@/server/live/listener';
import { pruneLiveEvents } from '@/server/live/prune';

function loadConfig(): Env {
  try {
    return env();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`Chorus cannot start.\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/** A malformed /api path is 404 NOT_FOUND; one not in its written form redirects there (docs/api.md). */
function answerApiPath(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: Exclude<ApiPathAnswer, { kind: 'pass' }>,
  requestId: string,
): void {
  const body =
    answer.kind === 'malformed'
      ? errorBody('NOT_FOUND', requestId, 'There is no API route at this path: it holds a malformed percent-encoding.')
      : { location: answer.location };
  res.statusCode = answer.kind === 'malformed' ? 404 : 308;
  if (answer.kind === 'redirect') res.setHeader('location', answer.location);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
}

export async function startServer(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const log = logger();
  // Every feature's background work, so a request's kick (kickJobs) runs any kind it enqueued.
  registerJobHandlers(jobHandlers);

  // npm run dev (scripts/dev.mjs) sets NODE_ENV=development: pages compile on demand and reload.
  const dev = config.NODE_ENV === 'development';
  const app = next({ dev, dir: process.cwd(), hostname: config.HOST, port: config.PORT, quiet: true });
  const handle = app.getRequestHandler();
  const phases: Record<string, number> = {};
  const timed = async <T>(name: string, work: Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work;
    } finally {
      phases[name] = Math.round(performance.now() - t0);
    }
  };
  const openAndMigrate = async () => {
    const handleDb = await openDatabase(
      config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.resolve(config.CHORUS_DATA_DIR) },
    );
    await handleDb.migrate();
    await setUpFromEnvironment({
      email: config.CHORUS_ADMIN_EMAIL,
      password: config.CHORUS_ADMIN_PASSWORD,
      workspaceName: config.CHORUS_WORKSPACE_NAME,
    });
    return handleDb;
  };
  const [dbHandle] = await Promise.all([timed('databaseMs', openAndMigrate()), timed('nextMs', app.prepare())]);
  // Live updates (src/server/live): on PostgreSQL one listening connection brings every
  // instance's signals; embedded PGlite keeps them in this process.
  const liveListener = config.DATABASE_URL ? listenForLiveSignals(config.DATABASE_URL, liveHub()) : undefined;

  // The embeddable widget's loader, built with the server (scripts/build-server.mjs).
  const widgetScript = readWidgetScript();
  if (!widgetScript) log.warn('the widget loader is missing from the build: /widget.js answers 404');

  // Memory back after a burst of traffic (src/server/idle-gc.ts).
  const quiet = collectWhenQuiet(() => dbHandle.collectGarbage?.());
  let upgradesIgnored = false;

  const server = http.createServer((req, res) => {
    const t0 = performance.now();
    quiet.activity();
    const requestId = randomUUID();
    const nonce = newNonce();
    // Our own values always win over anything a client sent under these names.
    req.headers['x-request-id'] = requestId;
    req.headers['x-nonce'] = nonce;
    res.setHeader('x-request-id', requestId);
    for (const [k, v] of Object.entries(securityHeaders(config, nonce))) res.setHeader(k, v);
    // Next.js in development serves one manifest script as JSON, which nosniff would refuse.
    if (dev && req.url?.startsWith('/_next/static/development/')) res.removeHeader('X-Content-Type-Options');
    // Shutdown waits for this answer, and asks for the connection to close once it stops.
    requests.track(res);
    let fromCache = false;
    let shared = false;
    res.on('finish', () => {
      const pathOnly = (req.url ?? '/').split('?')[0];
      const line = {
        requestId,
        method: req.method,
        path: pathOnly,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - t0) * 10) / 10,
        ...(fromCache ? { cached: true } : {}),
        ...(shared ? { shared: true } : {}),
      };
      if (pathOnly?.startsWith('/_next/static/')) log.debug(line, 'request');
      else log.info(line, 'request');
    });
    // /api paths the framework would answer with HTML or plain text (src/server/http/api-path.ts).
    const apiPath = answerForApiPath(req.url ?? '/');
    if (apiPath.kind !== 'pass') {
      answerApiPath(req, res, apiPath, requestId);
      return;
    }
    if (req.url?.split('?')[0] === WIDGET_SCRIPT_PATH) {
      serveWidgetScript(req, res, widgetScript);
      return;
    }
    // Visitors' public pages: a current rendered copy is served as is (src/server/cache).
    const pageKey = pageCacheKey(req, readSessionToken(req) !== undefined || readsOwnWrites(req));
    if (pageKey && serveCachedPage(pageKey, req, res, nonce)) {
      fromCache = true;
      return;
    }
    const render = () =>
      void handle(req, res).catch((err: unknown) => {
        log.error({ err, requestId }, 'request handler failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal Server Error');
      });
    if (pageKey) capturePage(pageKey, req, res, nonce);
    // Signed-in people's public pages: their audience's shared render, filled for them (src/server/cache/shared-render.ts).
    if (!pageKey && mayShareRender(req)) {
      serveSharedPage(req, res, nonce, render).then(
        (served) => {
          shared = served;
          if (!served) render();
        },
        (err: unknown) => {
          log.error({ err, requestId }, 'shared page failed');
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('Internal Server Error');
        },
      );
    } else {
      render();
    }
    // Next.js adds an 'upgrade' listener to this server on its first request (for its development
    // hot reloader); in production that listener ends the connection without an answer, so
    // `curl --http2 http://…` (an h2c upgrade offer) got nothing, on /api too. Chorus serves no
    // WebSockets: without the listener Node ignores the offer (as RFC 9110 allows) and the request
    // is answered like any other. In development the listener carries the page reloads.
    if (!upgradesIgnored && !dev) {
      upgradesIgnored = true;
      server.removeAllListeners('upgrade');
    }
  });
  const requests = new InFlightRequests(server);
  server.keepAliveTimeout = 65_000;
  // Requests Node's parser refuses (e.g. a URL over its header size limit) never reach the handler.
  server.on('clientError', (err: Error, socket) => answerClientError(err, socket, randomUUID()));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });

  // Every timer, so that shutdown stops them all; and every run a timer starts is tracked, so that
  // shutdown waits for it before closing the database (src/server/background-work.ts).
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => void) => void timers.push(setInterval(work, ms).unref());
  const after = (ms: number, work: () => void) => void timers.push(setTimeout(work, ms).unref());
  const background = (work: () => Promise<unknown>, onError: (err: unknown) => void) => () =>
    void trackBackgroundWork(work()).catch(onError);

  // Housekeeping that any instance may do: old rate-limit windows, expired sessions, due emails,
  // and the trending scores, which decay with age between votes (SPEC.md §9).
  const refreshTrending = background(
    async () => {
      // The copies kept for visitors and signed-in people hold the old order only if a score moved.
      if ((await refreshTrendingScores()) > 0) bumpContentGeneration();
    },
    (err) => log.error({ err }, 'trending refresh failed'),
  );
  const ignore = () => undefined;
  every(10 * 60_000, () => {
    background(pruneRateLimits, ignore)();
    background(pruneExpiredSessions, ignore)();
    background(pruneExpiredSsoFlows, ignore)();
    refreshTrending();
  });
  every(
    60_000,
    background(pruneLiveEvents, (err) => log.warn({ err }, 'pruning live signals failed')),
  );
  // Email and webhook runs track themselves (src/server/mail/outbox.ts, the webhooks' delivery service).
  every(30_000, () => void deliverPendingEmails().catch((err: unknown) => log.error({ err }, 'email delivery failed')));
  // Webhook deliveries are kicked when written; this sweep sends retries as they fall due, and
  // what a crashed or stopped instance held when its lease ends.
  every(15_000, () => void deliverWebhooks());
  // Jobs are kicked by the request that enqueues them; this sweep runs retries and what a crashed
  // or stopped instance left behind. Job runs track themselves (src/server/jobs/queue.ts).
  const runJobs = () => void drainJobs(jobHandlers).catch((err: unknown) => log.error({ err }, 'job run failed'));
  every(10_000, runJobs);
  // Periodic work kept as keyed jobs (one waits across instances), e.g. the insights refreshes,
  // and whatever a stopped instance left due. It waits a few seconds, so the first requests after
  // a start are not queued behind it on the embedded database's one thread.
  after(3_000, () => {
    background(
      () => scheduleBackgroundWork().then(runJobs),
      (err) => log.error({ err }, 'scheduling background work failed'),
    )();
    void deliverPendingEmails().catch(ignore);
    void deliverWebhooks();
  });
  // Scores are written with every vote; the refresh only ages them. It reads every post, so the
  // first one waits a minute rather than competing with the first requests after a start.
  after(60_000, refreshTrending);
  // Embedded PGlite has no autovacuum (src/server/db/maintenance.ts): a vacuum soon after start
  // (statistics for tables that have none), then every 10 minutes, with fresh statistics hourly.
  let upkeeps = 0;
  const upkeep = background(
    () => upkeepIfEmbedded({ analyze: ++upkeeps % 6 === 0 }),
    (err) => log.error({ err }, 'table upkeep failed'),
  );
  after(20_000, upkeep);
  every(10 * 60_000, upkeep);
  every(
    60_000,
    background(checkpointIfLogGrew, (err) => log.error({ err }, 'checkpoint failed')),
  );

  const localUrl = `http://localhost:${config.PORT}`;
  log.info(
    {
      url: localUrl,
      publicUrl: config.PUBLIC_URL,
      driver: dbHandle.driver,
      startupMs: Math.round(performance.now() - started),
      // Since the process started (Node, loading the server's code), and the two parts done at once.
      sinceProcessStartMs: Math.round(performance.now()),
      ...phases,
    },
    'ready',
  );
  console.log(`\n  Chorus is ready on ${localUrl}${config.PUBLIC_URL !== localUrl ? ` (public URL ${config.PUBLIC_URL})` : ''}\n`);

  // Shutdown (src/server/shutdown.ts): no new connections or claims, in-flight requests and
  // claimed jobs finish within the deadline, then the database closes and the process exits 0.
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const stopTimers = () => {
      for (const timer of timers) clearTimeout(timer);
      quiet.stop();
      // Open event streams end now (each browser reconnects, to another instance behind a balancer).
      liveHub().closeAll();
    };
    const closeAll = async () => {
      await liveListener?.stop();
      await closeDatabase();
    };
    shutDown({ server, requests, stopTimers, closeDatabase: closeAll, log }, signal).then(
      () => {
        log.info('database closed; bye');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'closing the database failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
