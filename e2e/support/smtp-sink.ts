/**
 * A real SMTP server for the e2e suite: the `smtp` app server delivers to it over SMTP_URL, and
 * the tests read what arrived through a small HTTP control endpoint:
 *   GET  /messages?to=<address>  → [{ to, from, subject, text, receivedAt }], oldest first
 *   POST /reset                  → forgets every message
 *   GET  /health                 → 200 once both servers listen
 * Ports: SINK_SMTP_PORT and SINK_HTTP_PORT, on 127.0.0.1 only.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** The one-click unsubscribe headers (RFC 8058), when the message has them. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  receivedAt: string;
}

type Headers = Map<string, string>;

function splitHeadersAndBody(raw: string): { headers: Headers; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The first text/plain part of a message, walking multipart bodies. */
function plainText(headers: Headers, body: string): string | undefined {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const inner = splitHeadersAndBody(part.replace(/^\r?\n/, ''));
      const found = plainText(inner.headers, inner.body);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) return undefined;
  return decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n').replace(/\n$/, '');
}

export function parseMessage(raw: string): {
  subject: string;
  text: string;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
} {
  const { headers, body } = splitHeadersAndBody(raw);
  return {
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: plainText(headers, body) ?? '',
    listUnsubscribe: headers.get('list-unsubscribe') ?? null,
    listUnsubscribePost: headers.get('list-unsubscribe-post') ?? null,
  };
}

const messages: SunkMessage[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: no certificate for the client to reject.
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const { subject, text, listUnsubscribe, listUnsubscribePost } = parseMessage(Buffer.concat(chunks).toString('utf8'));
      messages.push({
        listUnsubscribe,
        listUnsubscribePost,
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject,
        text,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url.pathname === '/health') return reply(200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return reply(200, to ? messages.filter((m) => m.to.includes(to)) : messages);
  }
  if (req.method === 'POST' && url.pathname === '/reset') {
    messages.length = 0;
    return reply(200, { ok: true });
  }
  reply(404, { error: 'not found' });
});

smtp.listen(Number(process.env.SINK_SMTP_PORT), '127.0.0.1');
// As the PostHog stand-in: idle kept-alive connections outlive any wait of a spec (no ECONNRESET race).
control.keepAliveTimeout = 120_000;
control.headersTimeout = 121_000;
control.listen(Number(process.env.SINK_HTTP_PORT), '127.0.0.1');
