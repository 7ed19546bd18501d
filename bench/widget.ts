/**
 * The embeddable widget's weight (docs/widget.md):
 *  - the loader, `GET /widget.js` as served: raw bytes, gzip level 9 and level 6 (what a typical
 *    server or CDN sends); target ≤ 10 kB gzip;
 *  - the panel's first-load JS, measured as bench/first-load-js.ts does it: `/widget` loaded in a
 *    fresh Chromium context, every response of resource type `script` until the load event plus
 *    1 s without network activity, each body gzipped at level 9 and summed (1 kB = 1000 B); split
 *    into the scripts before the load event (the first-load JS) and after it;
 *  - a host page on another loopback site (127.0.0.2) with the snippet: every script of the page
 *    and its frames (the loader and the hidden panel it frames at once).
 * The server starts on a fresh PGlite data dir with a board, 20 posts and 3 changelog entries.
 *
 *   node --import tsx bench/widget.ts [--port 3691]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { sessionCookieOf } from './lib/demo';
import {
  BENCH_ADMIN,
  argValue,
  chromiumPath,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  removeTempDataDir,
  round,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitForHealth,
  writeResult,
} from './lib/server';

const PORT = Number(argValue('port') ?? 3691);
const HOST_IP = '127.0.0.2';
const IDLE_MS = 1000;
const MAX_WAIT_MS = 20_000;
const GZIP_LEVEL = 9;
const LOADER_TARGET = 10_000;
/** The first-load budget of bench/first-load-js.ts (the board page's). */
const PANEL_TARGET = 150_000;

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

const kB = (bytes: number) => round(bytes / 1000, 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Script {
  url: string;
  gzipBytes: number;
  rawBytes: number;
  beforeLoad: boolean;
}

/** Loads `url` in a fresh context and collects every script response (all frames) until load + 1 s idle. */
async function scriptsOf(
  browser: Browser,
  url: string,
  ready?: (page: Page) => Promise<void>,
): Promise<{ scripts: Script[]; status: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  let inFlight = 0;
  let lastActivity = performance.now();
  page.on('request', () => {
    inFlight++;
    lastActivity = performance.now();
  });
  const settled = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  const bodies: Promise<Script | undefined>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const beforeLoad = !loaded;
    bodies.push(
      res
        .body()
        .then((body) => ({ url: res.url(), rawBytes: body.length, gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length, beforeLoad }))
        .catch(() => undefined),
    );
  });
  const t0 = performance.now();
  const response = await page.goto(url, { waitUntil: 'load' });
  if (ready) await ready(page);
  while (performance.now() - t0 < MAX_WAIT_MS && (inFlight > 0 || performance.now() - lastActivity < IDLE_MS)) await sleep(50);
  const collected = (await Promise.all(bodies)).filter((s): s is Script => s !== undefined);
  await context.close();
  const unique = [...new Map(collected.map((s) => [s.url, s])).values()];
  return { scripts: unique, status: response?.status() ?? 0 };
}

async function seed(base: string): Promise<string> {
  const headers = { origin: base, 'content-type': 'application/json' };
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, { method: 'POST', headers, body: JSON.stringify(BENCH_ADMIN) });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const admin = { ...headers, cookie: sessionCookieOf(signIn) };
  const post = async (path: string, body: unknown, method = 'POST') => {
    const res = await fetch(`${base}${path}`, { method, headers: admin, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json().catch(() => ({}))) as Record<string, unknown>;
  };
  await post('/api/v1/boards', { name: 'Feature requests', slug: 'features' });
  for (let i = 0; i < 20; i++)
    await post('/api/v1/posts', { board: 'features', title: `Request number ${i + 1} for the bench`, body: 'A few words.' });
  for (let i = 0; i < 3; i++) {
    const entry = await post('/api/v1/admin/changelog', { title: `Update ${i + 1} for the bench`, body: 'Shipped.', label: 'new' });
    await post(`/api/v1/admin/changelog/${String(entry.id)}/publish`, undefined);
  }
  return 'features';
}

function startHostPage(boardUrl: string, board: string): Promise<http.Server> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><main><h1>Host</h1></main>
<script>window.Chorus=window.Chorus||function(){(window.Chorus.q=window.Chorus.q||[]).push(arguments)};</script>
<script>Chorus('on','ready',function(){window.chorusReady=true});</script>
<script src="${boardUrl}/widget.js" data-board="${board}" async></script></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST_IP, () => resolve(server));
  });
}

async function main() {
  ensureBuild();
  const loadBefore = loadAvg();
  const dataDir = tempDataDir('widget');
  // The seed posts 20 requests as one person: more than the 10 an hour a person may post.
  const server = await startServer({ port: PORT, dataDir, env: { CHORUS_RATE_LIMIT_MULTIPLIER: '10' } });
  let browser: Browser | undefined;
  let host: http.Server | undefined;
  try {
    await waitForHealth(server);
    const board = await seed(server.url);

    const res = await fetch(`${server.url}/widget.js`);
    const loader = Buffer.from(await res.arrayBuffer());
    const loaderFigures = {
      status: res.status,
      contentType: res.headers.get('content-type'),
      cacheControl: res.headers.get('cache-control'),
      rawBytes: loader.length,
      gzip9Bytes: gzipSync(loader, { level: 9 }).length,
      gzip6Bytes: gzipSync(loader, { level: 6 }).length,
    };

    host = await startHostPage(server.url, board);
    const hostOrigin = `http://${HOST_IP}:${(host.address() as AddressInfo).port}`;
    // The panel may be framed by the host page (and talks to it): the workspace setting.
    const signIn = await fetch(`${server.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const allow = await fetch(`${server.url}/api/v1/admin/settings`, {
      method: 'PATCH',
      headers: { origin: server.url, 'content-type': 'application/json', cookie: sessionCookieOf(signIn) },
      body: JSON.stringify({ widgetOrigins: [hostOrigin] }),
    });
    if (!allow.ok) throw new Error(`allowing the host origin answered ${allow.status}`);

    browser = await chromium.launch(LAUNCH);
    const panel = await scriptsOf(browser, `${server.url}/widget?host=${encodeURIComponent(hostOrigin)}&board=${board}`);
    const embedded = await scriptsOf(browser, hostOrigin, async (page) => {
      await page.waitForFunction(() => (window as unknown as { chorusReady?: boolean }).chorusReady === true, undefined, {
        timeout: MAX_WAIT_MS,
      });
    });
    const loadAfter = loadAvg();

    const until = (s: Script[]) => s.filter((x) => x.beforeLoad).reduce((n, x) => n + x.gzipBytes, 0);
    const total = (s: Script[]) => s.reduce((n, x) => n + x.gzipBytes, 0);
    console.log(`\nThe widget's loader, GET /widget.js (${loaderFigures.contentType}; ${loaderFigures.cacheControl})`);
    console.log(
      table([
        ['raw kB', 'gzip -9 kB', 'gzip -6 kB', 'target'],
        [
          kB(loaderFigures.rawBytes),
          kB(loaderFigures.gzip9Bytes),
          kB(loaderFigures.gzip6Bytes),
          `≤ 10 kB gzip ${loaderFigures.gzip9Bytes <= LOADER_TARGET ? 'PASS' : 'MISS'}`,
        ],
      ]),
    );
    console.log(`\nThe panel's JS (script responses until load + ${IDLE_MS / 1000} s idle; gzip level ${GZIP_LEVEL}; 1 kB = 1000 B)`);
    console.log(
      table([
        ['page', 'status', 'scripts', 'gzip kB until load', 'gzip kB after load', 'gzip kB total', 'target (until load)'],
        [
          '/widget (the panel, top level)',
          panel.status,
          panel.scripts.length,
          kB(until(panel.scripts)),
          kB(total(panel.scripts) - until(panel.scripts)),
          kB(total(panel.scripts)),
          `≤ 150 kB ${until(panel.scripts) <= PANEL_TARGET ? 'PASS' : 'MISS'}`,
        ],
        [
          'host page with the snippet (loader + framed panel)',
          embedded.status,
          embedded.scripts.length,
          kB(until(embedded.scripts)),
          kB(total(embedded.scripts) - until(embedded.scripts)),
          kB(total(embedded.scripts)),
          '',
        ],
      ]),
    );
    console.log('\nScripts of the panel (gzip kB):');
    for (const s of panel.scripts)
      console.log(`  ${kB(s.gzipBytes).toString().padStart(6)}  ${new URL(s.url).pathname}${s.beforeLoad ? '' : ' (after load)'}`);
    console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);
    const file = writeResult('widget', {
      name: 'widget',
      environment: environmentInfo(),
      loadAverage: { before: loadBefore, after: loadAfter },
      method: { gzipLevel: GZIP_LEVEL, idleMs: IDLE_MS, kB: 1000, resourceType: 'script' },
      loader: loaderFigures,
      panel: { status: panel.status, scripts: panel.scripts, gzipUntilLoad: until(panel.scripts), gzipTotal: total(panel.scripts) },
      embedded: {
        status: embedded.status,
        scripts: embedded.scripts,
        gzipUntilLoad: until(embedded.scripts),
        gzipTotal: total(embedded.scripts),
      },
    });
    console.log(`results: ${file}`);
  } finally {
    await browser?.close();
    host?.closeAllConnections();
    host?.close();
    await stopServer(server);
    removeTempDataDir(dataDir);
  }
}

await main();
