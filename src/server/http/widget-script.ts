/**
 * Serves the embeddable widget's loader at /widget.js (docs/widget.md): the file built by
 * scripts/build-server.mjs, read once at start. Host pages load it on every page view, so it is
 * cacheable: browsers and CDNs keep it five minutes and then revalidate it by its ETag (a 304
 * costs a few bytes), so a new version reaches every host within minutes without a versioned URL.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

export const WIDGET_SCRIPT_PATH = '/widget.js';
/** Where scripts/build-server.mjs writes it (WIDGET_LOADER), from the app's directory. */
const BUILT_FILE = path.join('.next', 'chorus-server', 'widget.js');
export const WIDGET_SCRIPT_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

export interface WidgetScript {
  body: Buffer;
  etag: string;
}

export function widgetScriptOf(body: Buffer): WidgetScript {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
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
  res.setHeader('content-type', 'text/javascript; charset=utf-8');
  res.setHeader('cache-control', WIDGET_SCRIPT_CACHE_CONTROL);
  res.setHeader('etag', script.etag);
  // Any site may load the script; it holds nothing private.
  res.setHeader('cross-origin-resource-policy', 'cross-origin');
  if (req.headers['if-none-match'] === script.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-length', String(script.body.length));
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : script.body);
}
