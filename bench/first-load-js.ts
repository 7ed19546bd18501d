/**
 * First-load JS of `/`, measured in real Chromium (Playwright): loads `/` in a fresh browser
 * context, collects every script response until the load event plus 1 s without network
 * activity, gzips each body with zlib at level 9 and sums them (1 kB = 1000 bytes).
 *
 * Scenarios:
 *  - analytics OFF (no POSTHOG_KEY);
 *  - analytics ON (POSTHOG_KEY=phc_bench, POSTHOG_HOST=a local port where nothing listens), no consent;
 *  - analytics ON with consent (localStorage chorus.consent=granted set by addInitScript before
 *    load): the scripts it loads beyond the no-consent run are the lazily loaded analytics chunks.
 *
 * Per route (analytics OFF, on a small seeded demo workspace): `/`, `/b/[board]`, `/b/[board]/new`,
 * `/p/[number]` (a visitor, then the admin: the team's editors load for the team only) and
 * `/admin/boards` (signed in as the admin), each in a fresh context.
 *
 * Also reports whether the page hydrated (window.next is set by the Next.js client) and any
 * Content-Security-Policy violations: a page that does not hydrate never runs the code that
 * loads analytics. --bypass-csp measures as if the CSP allowed everything (diagnosis only).
 *
 *   node --import tsx bench/first-load-js.ts [--port 3631] [--bypass-csp]
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { seedDemoData } from './lib/seed';
import {
  BENCH_ADMIN,
  argValue,
  chromiumPath,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  portIsClosed,
  removeTempDataDir,
  round,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitForHealth,
  writeResult,
  type RunningServer,
} from './lib/server';

const PORT = Number(argValue('port') ?? 3631);
const IDLE_MS = 1000;
const MAX_WAIT_MS = 20_000;
const GZIP_LEVEL = 9;
const BYPASS_CSP = process.argv.includes('--bypass-csp');

const LAUNCH = {
  executablePath: chromiumPath(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

interface Script {
  url: string;
  status: number;
  rawBytes: number;
  gzipBytes: number;
  /** Arrived before the page's load event: the page's own code. Later ones are Next.js prefetches of linked routes or lazy chunks. */
  beforeLoad: boolean;
}

interface Visit {
  scenario: string;
  scripts: Script[];
  totalRawBytes: number;
  totalGzipBytes: number;
  /** Script requests that got no response (e.g. analytics scripts fetched from the dead host). */
  failedScripts: { url: string; error: string }[];
  /** Every request to the analytics host, whatever its type. */
  analyticsHostRequests: string[];
  /** .js requests of another resource type (e.g. <link rel=prefetch> for other routes): not counted. */
  otherJsRequests: { url: string; resourceType: string }[];
  /** window.next is set once the Next.js client has started (hydration). */
  hydrated: boolean;
  /** Console messages about Content-Security-Policy violations. */
  cspViolations: string[];
  waitedMs: number;
  /** The page visited and its HTTP status (a route not built yet answers 404). */
  path: string;
  status: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function visit(
  browser: Browser,
  baseUrl: string,
  scenario: string,
  opts: { consent: boolean; analyticsHost?: string; path?: string; signedIn?: boolean },
): Promise<Visit> {
  const context = await browser.newContext({ bypassCSP: BYPASS_CSP });
  if (opts.signedIn) {
    // The session cookie lands in this context; the HTTP cache stays empty, so it is still a first load.
    const res = await context.request.post(`${baseUrl}/api/v1/auth/sign-in`, { data: BENCH_ADMIN, headers: { origin: baseUrl } });
    if (!res.ok()) throw new Error(`sign-in for ${opts.path} answered ${res.status()}`);
  }
  if (opts.consent) {
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem('chorus.consent', 'granted');
      } catch {
        // about:blank has no storage
      }
    });
  }
  const page = await context.newPage();
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  let inFlight = 0;
  let lastActivity = performance.now();
  const bodies: Promise<Script | undefined>[] = [];
  const failedScripts: Visit['failedScripts'] = [];
  const analyticsHostRequests: string[] = [];
  const otherJsRequests: Visit['otherJsRequests'] = [];
  const cspViolations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });

  page.on('request', (req) => {
    inFlight++;
    lastActivity = performance.now();
    if (opts.analyticsHost && req.url().startsWith(opts.analyticsHost)) analyticsHostRequests.push(`${req.method()} ${req.url()}`);
    if (req.resourceType() !== 'script' && /\.m?js(\?|$)/.test(req.url()))
      otherJsRequests.push({ url: req.url(), resourceType: req.resourceType() });
  });
  const settled = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', (req) => {
    settled();
    if (req.resourceType() === 'script') failedScripts.push({ url: req.url(), error: req.failure()?.errorText ?? 'failed' });
  });
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const beforeLoad = !loaded;
    bodies.push(
      res
        .body()
        .then((body) => ({
          url: res.url(),
          status: res.status(),
          rawBytes: body.length,
          gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length,
          beforeLoad,
        }))
        .catch(() => undefined),
    );
  });

  const t0 = performance.now();
  const path = opts.path ?? '/';
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  while (performance.now() - t0 < MAX_WAIT_MS && (inFlight > 0 || performance.now() - lastActivity < IDLE_MS)) await sleep(50);
  const waitedMs = Math.round(performance.now() - t0);
  const hydrated = await page.evaluate(() => typeof (window as unknown as { next?: unknown }).next === 'object');
  const collected = (await Promise.all(bodies)).filter((s): s is Script => s !== undefined);
  await context.close();

  // One entry per URL (a script fetched twice is downloaded once on a real first load).
  const unique = [...new Map(collected.map((s) => [s.url, s])).values()].sort((a, b) => a.url.localeCompare(b.url));
  return {
    scenario,
    scripts: unique,
    totalRawBytes: unique.reduce((n, s) => n + s.rawBytes, 0),
    totalGzipBytes: unique.reduce((n, s) => n + s.gzipBytes, 0),
    failedScripts,
    analyticsHostRequests,
    otherJsRequests,
    hydrated,
    cspViolations,
    waitedMs,
    path,
    status: response?.status() ?? 0,
  };
}

const kB = (bytes: number) => round(bytes / 1000, 1);

async function withServer<T>(server: RunningServer, fn: () => Promise<T>): Promise<T> {
  try {
    await waitForHealth(server);
    return await fn();
  } finally {
    if (server.child.exitCode === null) await stopServer(server);
  }
}

async function main() {
  console.log('first-load-js: building if needed…');
  ensureBuild();
  let deadPort = PORT + 8;
  while (!(await portIsClosed(deadPort))) deadPort++;
  const deadHost = `http://127.0.0.1:${deadPort}`;
  const loadBefore = loadAvg();
  console.log(
    `first-load-js: ports ${PORT} (analytics off), ${PORT + 1} (analytics on → ${deadHost}, nothing listens), load average ${formatLoad(loadBefore)}`,
  );

  const browser = await chromium.launch(LAUNCH);
  const visits: Visit[] = [];
  const routeVisits: { route: string; visit: Visit }[] = [];
  try {
    const offDir = tempDataDir('fljs-off');
    // A small demo workspace, so the board and post pages have something to show.
    const seed = seedDemoData({ posts: 60, dataDir: offDir });
    const board = seed?.boards[0]?.slug ?? 'feature-requests';
    const routes = [
      { route: '/b/[board]', path: `/b/${board}` },
      { route: '/b/[board]/new', path: `/b/${board}/new` },
      { route: '/p/[number]', path: `/p/${seed?.topPostNumber ?? 1}` },
      // The team's page: the sidebar's editors are loaded for them only (next/dynamic).
      { route: '/p/[number] (admin)', path: `/p/${seed?.topPostNumber ?? 1}`, signedIn: true },
      { route: '/admin/boards', path: '/admin/boards', signedIn: true },
    ];
    const off = await startServer({ port: PORT, dataDir: offDir });
    await withServer(off, async () => {
      visits.push(await visit(browser, off.url, 'analytics OFF', { consent: false }));
      for (const r of routes)
        routeVisits.push({
          route: r.route,
          visit: await visit(browser, off.url, `route ${r.route}`, { consent: false, path: r.path, signedIn: r.signedIn }),
        });
    });
    removeTempDataDir(offDir);

    const onDir = tempDataDir('fljs-on');
    const on = await startServer({
      port: PORT + 1,
      dataDir: onDir,
      // Lets the headless browser past PostHog's bot filter, so that consent really loads analytics.
      env: { POSTHOG_KEY: 'phc_bench', POSTHOG_HOST: deadHost, CHORUS_ANALYTICS_ALLOW_AUTOMATION: '1' },
    });
    await withServer(on, async () => {
      visits.push(await visit(browser, on.url, 'analytics ON, no consent', { consent: false, analyticsHost: deadHost }));
      visits.push(await visit(browser, on.url, 'analytics ON, consent granted', { consent: true, analyticsHost: deadHost }));
    });
    removeTempDataDir(onDir);
  } finally {
    await browser.close();
  }
  const loadAfter = loadAvg();

  const [offV, onV, consentV] = visits as [Visit, Visit, Visit];
  // Same-origin URLs without the origin, so that the two servers' URLs compare equal.
  const base = (u: string) => u.replace(new RegExp(`^http://127\\.0\\.0\\.1:(${PORT}|${PORT + 1})(?=/)`), '');
  const noConsentUrls = new Set(onV.scripts.map((s) => base(s.url)));
  const extra = consentV.scripts.filter((s) => !noConsentUrls.has(base(s.url)));
  const extraGzip = extra.reduce((n, s) => n + s.gzipBytes, 0);
  const extraRaw = extra.reduce((n, s) => n + s.rawBytes, 0);
  const delta = onV.totalGzipBytes - offV.totalGzipBytes;

  console.log(`\nFirst-load JS of / (script responses until load + ${IDLE_MS / 1000} s idle; gzip level ${GZIP_LEVEL}; 1 kB = 1000 B)`);
  console.log(
    table([
      [
        'scenario',
        'scripts',
        'raw kB',
        'gzip kB',
        'failed scripts',
        'analytics-host requests',
        'other .js (not counted)',
        'hydrated',
        'CSP violations',
      ],
      ...visits.map((v) => [
        v.scenario,
        v.scripts.length,
        kB(v.totalRawBytes),
        kB(v.totalGzipBytes),
        v.failedScripts.length,
        v.analyticsHostRequests.length,
        v.otherJsRequests.length,
        v.hydrated ? 'yes' : 'NO',
        v.cspViolations.length,
      ]),
    ]),
  );
  if (BYPASS_CSP) console.log('--bypass-csp: the browser ignored the Content-Security-Policy (diagnosis only).');
  if (visits.some((v) => !v.hydrated)) {
    console.log(
      'WARNING: the page did not hydrate in some scenarios: client code (including the consent-gated analytics import) never ran there.',
    );
    for (const v of visits) for (const c of [...new Set(v.cspViolations)]) console.log(`  [${v.scenario}] ${c.slice(0, 300)}`);
  }
  console.log(`\nFirst-load JS per route (analytics OFF; /admin/boards signed in as the admin; gzip level ${GZIP_LEVEL})`);
  console.log('  "until load": the scripts that arrived before the load event, i.e. what the page needs to render and hydrate;');
  console.log('  "after load": what came later within the idle window, i.e. Next.js prefetching the routes the page links to.');
  const perRoute = [{ route: '/', visit: offV }, ...routeVisits];
  const untilLoad = (v: Visit) => v.scripts.filter((x) => x.beforeLoad).reduce((n, x) => n + x.gzipBytes, 0);
  console.log(
    table([
      [
        'route',
        'path',
        'status',
        'scripts',
        'gzip kB until load',
        'gzip kB after load',
        'gzip kB total',
        'hydrated',
        'target (until load)',
      ],
      ...perRoute.map(({ route, visit: v }) => [
        route,
        v.path,
        v.status,
        v.scripts.length,
        kB(untilLoad(v)),
        kB(v.totalGzipBytes - untilLoad(v)),
        kB(v.totalGzipBytes),
        v.hydrated ? 'yes' : 'NO',
        route === '/b/[board]' ? `≤ 150 kB ${v.status === 200 ? (untilLoad(v) <= 150_000 ? 'PASS' : 'MISS') : 'n/a (not 200)'}` : '',
      ]),
    ]),
  );
  console.log(`analytics ON − OFF, no consent: ${delta >= 0 ? '+' : ''}${kB(delta)} kB gzip (${delta} B)`);
  if (extra.length === 0 && consentV.failedScripts.length === 0) {
    console.log(
      consentV.hydrated
        ? 'consent granted: no extra script loaded (the analytics module may not be implemented on this branch yet).'
        : 'consent granted: no extra script loaded; the page did not hydrate, so nothing could load it.',
    );
  } else {
    console.log(
      `consent granted: ${extra.length} extra script(s), ${kB(extraGzip)} kB gzip (${kB(extraRaw)} kB raw), loaded after consent:`,
    );
    for (const s of extra) console.log(`  ${base(s.url)}  ${kB(s.gzipBytes)} kB gzip`);
  }
  for (const v of visits) {
    for (const f of v.failedScripts) console.log(`  [${v.scenario}] script failed: ${f.url} (${f.error})`);
    for (const r of v.analyticsHostRequests) console.log(`  [${v.scenario}] request to the analytics host: ${r}`);
    for (const r of v.otherJsRequests) console.log(`  [${v.scenario}] not counted (${r.resourceType}): ${base(r.url)}`);
  }
  console.log('\nScripts per scenario (gzip kB):');
  for (const v of visits) {
    console.log(`  ${v.scenario}:`);
    for (const s of v.scripts) console.log(`    ${kB(s.gzipBytes).toString().padStart(6)}  ${base(s.url)}`);
  }
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);

  const file = writeResult(BYPASS_CSP ? 'first-load-js-bypass-csp' : 'first-load-js', {
    name: 'first-load-js',
    environment: environmentInfo(),
    loadAverage: { before: loadBefore, after: loadAfter },
    method: { gzipLevel: GZIP_LEVEL, idleMs: IDLE_MS, kB: 1000, resourceType: 'script', analyticsHost: deadHost, bypassCsp: BYPASS_CSP },
    visits,
    routes: perRoute.map(({ route, visit: v }) => ({
      route,
      path: v.path,
      status: v.status,
      scripts: v.scripts.length,
      rawKb: kB(v.totalRawBytes),
      gzipKb: kB(v.totalGzipBytes),
      gzipKbUntilLoad: kB(untilLoad(v)),
      hydrated: v.hydrated,
    })),
    summary: {
      hydrated: visits.map((v) => v.hydrated),
      offGzipKb: kB(offV.totalGzipBytes),
      onNoConsentGzipKb: kB(onV.totalGzipBytes),
      onMinusOffGzipBytes: delta,
      consentExtraScripts: extra.map((s) => base(s.url)),
      consentExtraGzipKb: kB(extraGzip),
      consentExtraRawKb: kB(extraRaw),
    },
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
