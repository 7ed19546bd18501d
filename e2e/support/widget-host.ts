/**
 * Host product pages for the widget's e2e spec: a tiny HTTP server on another loopback address
 * (another site than the board's 127.0.0.1), started and stopped by the spec. Its `/` page signs
 * a fresh identify token on every request, as a host product's server would, and embeds the
 * widget with the documented snippet; `/anon` embeds it without identify, beside a frame from
 * `otherOrigin` whose `fire()` posts forged messages; `/evil` is that frame; `/own-button` binds
 * the widget to the page's own button (`data-selector`).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

export interface HostServer {
  origin: string;
  close: () => Promise<void>;
}

export interface HostOptions {
  host: string;
  port: number;
  boardUrl: string;
  board: string;
  /** Signs identify tokens (the host's server side); absent: no identify call anywhere. */
  secret?: string;
  /** The origin whose `/evil` page `/anon` frames. */
  otherOrigin?: string;
}

export async function identifyToken(secret: string, audience: string, sub: string, name: string): Promise<string> {
  return new SignJWT({ email: `${sub}@host.example`, name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title}</title></head><body><main aria-label="${title}"><h1>${title}</h1>${body}</main></body></html>`;

function snippet(o: HostOptions, identify: string, attrs = ''): string {
  return `<script>
window.Chorus = window.Chorus || function () { (window.Chorus.q = window.Chorus.q || []).push(arguments); };
window.chorusEvents = [];
['ready', 'identified', 'identify.failed', 'vote.created', 'post.created', 'open', 'close'].forEach(function (name) {
  Chorus('on', name, function (data) { window.chorusEvents.push({ name: name, data: data }); });
});
${identify}
</script>
<script src="${o.boardUrl}/widget.js" data-board="${o.board}"${attrs} async></script>`;
}

export async function startHost(o: HostOptions): Promise<HostServer> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      let html: string;
      if (path === '/' && o.secret) {
        const token = await identifyToken(o.secret, o.boardUrl, `host-${Date.now().toString(36)}`, 'Hana Host');
        html = page(
          'Host app',
          `<p>Signed in to the host app.</p>${snippet(o, `Chorus('identify', { token: ${JSON.stringify(token)} });`)}`,
        );
      } else if (path === '/' || path === '/anon') {
        const other = o.otherOrigin ? `<iframe src="${o.otherOrigin}/evil" title="Another site" width="200" height="60"></iframe>` : '';
        html = page('Host app', `<p>Not signed in.</p>${other}${snippet(o, '')}`);
      } else if (path === '/own-button') {
        html = page('Host app', `<button type="button" id="help">Ideas and updates</button>${snippet(o, '', ' data-selector="#help"')}`);
      } else if (path === '/evil') {
        html = page(
          'Another site',
          `<script>
window.fire = function (token) {
  for (var i = 0; i < parent.frames.length; i++) {
    parent.frames[i].postMessage({ p: 'chorus-widget-1', type: 'identify', token: token }, '*');
    parent.frames[i].postMessage({ p: 'chorus-widget-1', type: 'open', view: 'whats-new' }, '*');
  }
  parent.postMessage({ p: 'chorus-widget-1', type: 'unread', count: 42 }, '*');
  parent.postMessage({ p: 'chorus-widget-1', type: 'close' }, '*');
};
</script>`,
        );
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${o.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
