/**
 * A stand-in for a PostHog host, for the end-to-end tests (started by playwright.config.ts):
 *
 *   node --import tsx e2e/support/posthog-standin.ts
 *
 * On STANDIN_PORT it answers what posthog-js asks for (remote config, feature flags, event
 * batches, session-recording snapshots) and records every request with its decoded body.
 *   GET  /__standin/health    → { ok: true }
 *   GET  /__standin/requests  → RecordedRequest[]
 *   POST /__standin/reset     → forgets the recorded requests
 * On STANDIN_BLACKHOLE_PORT it accepts TCP connections and never answers: an unreachable host.
 */
import http from 'node:http';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The body decoded to JSON (nested gzip strings expanded), or null when empty or not JSON. */
  body: unknown;
  /** The body as text after decompression, for what is not JSON. */
  text: string;
  at: number;
}

/** The flags the stand-in serves: `similar-post-suggestions` is on by default in Chorus and off here. */
export const STANDIN_FLAGS = { 'similar-post-suggestions': false } as const;

const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

/** posthog-js sends gzip without Content-Encoding, base64 (`data=` form or bare), or plain JSON. */
export function decodeBody(raw: Buffer): { text: string; body: unknown } {
  if (raw.length === 0) return { text: '', body: null };
  let text: string;
  if (isGzip(raw)) text = gunzipSync(raw).toString('utf8');
  else {
    text = raw.toString('utf8');
    const form = new URLSearchParams(text).get('data');
    const base64 = form ?? (/^[A-Za-z0-9+/=\s]+$/.test(text) && !/^\s*[[{"]/.test(text) ? text : null);
    if (base64 !== null) {
      const bytes = Buffer.from(base64, 'base64');
      text = isGzip(bytes) ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
    }
  }
  try {
    return { text, body: expandNested(JSON.parse(text)) };
  } catch {
    return { text, body: null };
  }
}

/**
 * The recorder gzips parts of its snapshots (full snapshots, mutations) into latin1 strings
 * inside the JSON; expand them so that assertions see everything that was sent.
 */
function expandNested(value: unknown): unknown {
  if (typeof value === 'string' && value.charCodeAt(0) === 0x1f && value.charCodeAt(1) === 0x8b) {
    try {
      const inner = gunzipSync(Buffer.from(value, 'latin1')).toString('utf8');
      try {
        return expandNested(JSON.parse(inner));
      } catch {
        return inner;
      }
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(expandNested);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandNested(v)]));
  return value;
}

function remoteConfig(token: string) {
  return {
    token,
    supportedCompression: ['gzip', 'gzip-js'],
    hasFeatureFlags: true,
    captureDeadClicks: false,
    capturePerformance: false,
    autocapture_opt_out: true,
    autocaptureExceptions: false,
    elementsChainAsString: true,
    // Recording starts only when the config names the snapshot endpoint.
    sessionRecording: {
      endpoint: '/s/',
      consoleLogRecordingEnabled: false,
      recorderVersion: 'v2',
      sampleRate: null,
      minimumDurationMilliseconds: null,
    },
    heatmaps: false,
    surveys: false,
    productTours: false,
    defaultIdentifiedOnly: true,
    siteApps: [],
    toolbarParams: {},
    toolbarVersion: 'toolbar',
    isAuthenticated: false,
  };
}

function flagsResponse() {
  const flags = Object.fromEntries(
    Object.entries(STANDIN_FLAGS).map(([key, enabled], i) => [
      key,
      {
        key,
        enabled,
        variant: undefined,
        reason: { code: 'condition_match', condition_index: 0, description: 'Matched condition set 1' },
        metadata: { id: i + 1, version: 1, payload: undefined },
      },
    ]),
  );
  return { flags, errorsWhileComputingFlags: false, requestId: 'standin', quotaLimited: [] };
}

function route(method: string, path: string): { status: number; body: unknown; script?: boolean } {
  const config = /^\/array\/([^/]+)\/config(\.js)?$/.exec(path);
  if (config && method === 'GET') {
    return { status: 200, body: remoteConfig(config[1]!), script: Boolean(config[2]) };
  }
  if (path === '/flags/' || path === '/flags' || path === '/decide/' || path === '/decide') return { status: 200, body: flagsResponse() };
  if (['/e/', '/e', '/i/v0/e/', '/i/v0/e', '/batch/', '/batch', '/s/', '/s', '/capture/', '/track/'].includes(path))
    return { status: 200, body: { status: 1 } };
  return { status: 200, body: {} };
}

export function startStandin(port: number, host = '127.0.0.1') {
  let requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const origin = req.headers.origin;
    // posthog-js may send credentials; a wildcard origin is not allowed with them.
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/__standin/health') return json(200, { ok: true });
      if (url.pathname === '/__standin/requests') return json(200, requests);
      if (url.pathname === '/__standin/reset' && req.method === 'POST') {
        requests = [];
        return json(200, { ok: true });
      }
      let decoded: { text: string; body: unknown };
      try {
        decoded = decodeBody(Buffer.concat(chunks));
      } catch {
        decoded = { text: Buffer.concat(chunks).toString('latin1'), body: null };
      }
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: decoded.body,
        text: decoded.text,
        at: Date.now(),
      });
      const answer = route(req.method ?? 'GET', url.pathname);
      if (answer.script) {
        // The script form of the remote config (Chorus disables script loading, so it should never be asked for).
        const token = JSON.stringify(url.pathname.split('/')[2]);
        res.writeHead(200, { 'Content-Type': 'application/javascript', 'Cache-Control': 'no-store' });
        res.end(
          `(window._POSTHOG_REMOTE_CONFIG=window._POSTHOG_REMOTE_CONFIG||{})[${token}]={config:${JSON.stringify(answer.body)},siteApps:[]};`,
        );
        return;
      }
      json(answer.status, answer.body);
    });
  });
  // Specs read the recorded requests again after waiting several seconds, on the same kept-alive
  // connection: with Node's default 5 s idle limit the stand-in could close it just as a request
  // went out (ECONNRESET, seen once). Idle connections stay open longer than any spec waits.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  server.listen(port, host);
  return server;
}

/** Accepts connections and never answers them, like a host behind a dropped route. */
export function startBlackhole(port: number, host = '127.0.0.1') {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.resume(); // read and discard, never write
  });
  server.listen(port, host);
  return { server, sockets };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const port = Number(process.env.STANDIN_PORT ?? 3190);
  const blackholePort = Number(process.env.STANDIN_BLACKHOLE_PORT ?? 3191);
  const standin = startStandin(port);
  const blackhole = startBlackhole(blackholePort);
  console.log(`PostHog stand-in on http://127.0.0.1:${port}, black hole on 127.0.0.1:${blackholePort}`);
  const stop = () => {
    for (const s of blackhole.sockets) s.destroy();
    blackhole.server.close();
    standin.closeAllConnections();
    standin.close(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
