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
import { closeDatabase, openDatabase } from '@/server/db/open';
import { answerClientError } from '@/server/http/client-error';
import { newNonce, securityHeaders } from '@/server/http/security-headers';
import { readWidgetScript } from '@/server/http/widget-script';
import { apiPathStep, runChain, visitorCopyStep, widgetScriptStep, type ChainRequest, type RequestStep } from '@/server/http/request-chain';
import { startLoops } from '@/server/loops';
import { readFreshly } from '@/server/cache/visitor-cache';
import { readsOwnWrites } from '@/server/identity/cookies';
import { registerJobHandlers } from '@/server/jobs/queue';
import { InFlightRequests, shutDown } from '@/server/shutdown';
import { backgroundLoops, jobHandlers, setUpFromEnvironment } from '@/composition/background';
import { mayShareRender, serveSharedPage } from '@/composition/shell/shared-pages';
import { logger } from '@/server/log';
import { collectWhenQuiet } from '@/server/idle-gc';
import { liveHub } from '@/server/live/hub';
import { listenForLiveSignals } from '@/server/live/listener';
import { listenForChanges } from '@/server/cache/change-listener';

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
  // Copies kept for readers (src/server/cache): on PostgreSQL every instance hears every committed change.
  const changeListener = config.DATABASE_URL ? listenForChanges(config.DATABASE_URL) : undefined;

  // The embeddable widget's loader, built with the server (scripts/build-server.mjs).
  const widgetScript = readWidgetScript();
  if (!widgetScript) log.warn('the widget loader is missing from the build: /widget.js answers 404');

  // Memory back after a burst of traffic (src/server/idle-gc.ts).
  const quiet = collectWhenQuiet(() => dbHandle.collectGarbage?.());
  let upgradesIgnored = false;

  // The request's way through the server (src/server/http/request-chain.ts): the first step that
  // answers ends it; the framework's render answers everything else.
  const render: RequestStep = ({ req, res }) => {
    const answered = handle(req, res);
    // Next.js adds an 'upgrade' listener to this server during its first request (for its
    // development hot reloader), synchronously, so it is removed right after the call. In
    // production that listener ends the connection without an answer, so `curl --http2 http://…`
    // (an h2c upgrade offer) got nothing, on /api too. Chorus serves no WebSockets: without the
    // listener Node ignores the offer (as RFC 9110 allows) and the request is answered like any
    // other. In development the listener carries the page reloads.
    if (!upgradesIgnored && !dev) {
      upgradesIgnored = true;
      server.removeAllListeners('upgrade');
    }
    return answered.then(() => true);
  };
  const steps: RequestStep[] = [
    apiPathStep,
    widgetScriptStep(widgetScript),
    visitorCopyStep,
    // Signed-in people's public pages: their audience's shared render, filled for them (src/server/cache/shared-render.ts).
    async (request) => {
      const { req, res, nonce, pageKey } = request;
      if (pageKey || !mayShareRender(req)) return false;
      const served = await serveSharedPage(req, res, nonce, () => void runChain([render], request));
      request.note.shared = served;
      return served;
    },
    render,
  ];

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
    const request: ChainRequest = { req, res, requestId, nonce, note: {} };
    res.on('finish', () => {
      const pathOnly = (req.url ?? '/').split('?')[0];
      const line = {
        requestId,
        method: req.method,
        path: pathOnly,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - t0) * 10) / 10,
        ...(request.note.cached ? { cached: true } : {}),
        ...(request.note.shared ? { shared: true } : {}),
      };
      if (pathOnly?.startsWith('/_next/static/')) log.debug(line, 'request');
      else log.info(line, 'request');
    });
    // A browser that has just written reads nothing from a copy (src/server/cache/visitor-cache.ts).
    if (readsOwnWrites(req)) readFreshly(() => void runChain(steps, request));
    else void runChain(steps, request);
  });
  const requests = new InFlightRequests(server);
  server.keepAliveTimeout = 65_000;
  // Requests Node's parser refuses (e.g. a URL over its header size limit) never reach the handler.
  server.on('clientError', (err: Error, socket) => answerClientError(err, socket, randomUUID()));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });

  // The background loops (src/composition/background.ts, src/server/loops.ts); shutdown stops
  // their timers, then waits for the runs they started before closing the database.
  const stopLoops = startLoops(backgroundLoops(), log);

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
      stopLoops();
      quiet.stop();
      // Open event streams end now (each browser reconnects, to another instance behind a balancer).
      liveHub().closeAll();
    };
    const closeAll = async () => {
      await Promise.all([liveListener?.stop(), changeListener?.stop()]);
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
