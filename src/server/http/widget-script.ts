/**
 * Serves the embeddable widget's loader at /widget.js (docs/widget.md): the file built by
 * scripts/build-server.mjs, read once at start. Host pages load it on every page view, so it is
 * cacheable: browsers and CDNs keep it five minutes and then revalidate it by its ETag (a 304
 * costs a few bytes), so a new version reaches every host within minutes without a versioned URL.
 * It is compressed once, at start (brotli and gzip at their best levels), and sent in the best
 * encoding the client accepts, each encoding with its own ETag and `Vary: Accept-Encoding`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const WIDGET_SCRIPT_PATH = '/widget.js';
/** Where scripts/build-server.mjs writes it (WIDGET_LOADER), from the app's directory. */
const BUILT_FILE = path.join('.next', 'chorus-server', 'widget.js');
export const WIDGET_SCRIPT_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/** The encodings it is kept in, in order of preference; `identity` last, always acceptable. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

export interface WidgetScript {
  body: Buffer;
  /** The same script in each encoding, with its ETag (a representation of its own). */
  encoded: Record<Encoding, { body: Buffer; etag: string }>;
}

export function widgetScriptOf(body: Buffer): WidgetScript {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    body,
    encoded: {
      br: {
        body: brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        etag: `"${hash}-br"`,
      },
      gzip: { body: gzipSync(body, { level: 9 }), etag: `"${hash}-gz"` },
      identity: { body, etag: `"${hash}"` },
    },
  };
}

/** The first of ENCODINGS that `Accept-Encoding` allows (a q of 0 refuses one; `*` stands for any not named). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const wildcard = q.get('*');
  return ENCODINGS.find((e) => e === 'identity' || (q.get(e) ?? (e === 'gzip' ? q.get('x-gzip') : undefined) ?? wildcard ?? 0) > 0)!;
}

/** The built loader, or null when the build has none (then /widget.js is 404). */
export function readWidgetScript(dir = process.cwd()): WidgetScript | null {
  try {
    return widgetScriptOf(readFileSync(path.join(dir, BUILT_FILE)));
  } catch {
    return null;
  }
}

export function serveWidgetScript(req: IncomingMessage, res: ServerResponse, script: WidgetScript | null): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  if (!script) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : 'Not Found');
    return;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const sent = script.encoded[encoding];
  res.setHeader('content-type', 'text/javascript; charset=utf-8');
  res.setHeader('cache-control', WIDGET_SCRIPT_CACHE_CONTROL);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('etag', sent.etag);
  // Any site may load the script; it holds nothing private.
  res.setHeader('cross-origin-resource-policy', 'cross-origin');
  if (req.headers['if-none-match'] === sent.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', String(sent.body.length));
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : sent.body);
}
