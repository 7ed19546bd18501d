/**
 * One HTTP attempt of a webhook delivery, outside any database transaction: POST the body with
 * its signature, at most `timeoutMs` in all (10 s in production, SPEC.md §9), no redirect
 * followed (a 3xx is a failure), at most RESPONSE_BODY_LIMIT bytes of the answer read. The
 * socket connects only to an address the SSRF guard checked in the same lookup.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { env } from '@/config/env';
import { guardedLookup, literalRefusal, parseAllowList, type OutboundPolicy, type Resolver } from '@/server/net/ssrf';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is read and kept in the delivery log. */
export const RESPONSE_BODY_LIMIT = 2048;
export const USER_AGENT = 'Chorus-Webhooks/1';

/** A new signing secret: recognisable prefix, 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `Chorus-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The operator's outbound policy (CHORUS_WEBHOOK_ALLOW_HOSTS, CHORUS_WEBHOOK_ALLOW_HTTP). */
export function outboundPolicy(): OutboundPolicy {
  const e = env();
  return { ...parseAllowList(e.CHORUS_WEBHOOK_ALLOW_HOSTS), allowHttp: e.CHORUS_WEBHOOK_ALLOW_HTTP };
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs?: number;
  policy?: OutboundPolicy;
  resolve?: Resolver;
}

export interface SignedRequest {
  url: string;
  body: string;
  secret: string;
  eventType: string;
  deliveryId: string;
  eventId: string;
}

/** Sends one attempt; never throws (every outcome is an AttemptResult). */
export function sendWebhook(req: SignedRequest, opts: SendOptions = {}): Promise<AttemptResult> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy = opts.policy ?? outboundPolicy();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    // Set once the request starts; a refusal before that has no timer to clear.
    const timeout: { timer?: NodeJS.Timeout } = {};
    const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout.timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const fail = (error: string, statusCode: number | null = null, responseBody: string | null = null) =>
      finish({ ok: false, statusCode, responseBody, error });

    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return fail('The URL is not valid.');
    }
    const transport = url.protocol === 'https:' ? https : url.protocol === 'http:' && policy.allowHttp ? http : null;
    if (!transport) return fail(`Refused: ${url.protocol} URLs are not allowed.`);
    const literal = literalRefusal(url, policy);
    if (literal) return fail(`Refused to connect: ${literal}.`);

    timeout.timer = setTimeout(() => {
      request.destroy();
      fail(`Timed out after ${Math.round(timeoutMs / 100) / 10} s.`);
    }, timeoutMs);
    const request = transport.request(url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(policy, opts.resolve),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(req.body),
        'user-agent': USER_AGENT,
        'chorus-event': req.eventType,
        'chorus-delivery': req.deliveryId,
        'chorus-event-id': req.eventId,
        'chorus-signature': signatureHeader(req.secret, req.body, Math.floor(Date.now() / 1000)),
      },
    });
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const body = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
        if (status >= 200 && status < 300) finish({ ok: true, statusCode: status, responseBody: body, error: null });
        else if (status >= 300 && status < 400)
          fail(`Redirect (${status}) not followed: point the endpoint at the final URL.`, status, body);
        else fail(`The receiver answered ${status}.`, status, body);
      };
      res.on('data', (chunk: Buffer) => {
        if (size >= RESPONSE_BODY_LIMIT) return;
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest of the answer is not waited for.
        if (size >= RESPONSE_BODY_LIMIT) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', () => done());
      res.on('aborted', () => done());
    });
    request.on('error', (err: NodeJS.ErrnoException) => fail(err.message || String(err.code ?? err)));
    request.end(req.body);
  });
}
