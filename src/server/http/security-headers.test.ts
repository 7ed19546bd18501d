import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';
import { THEME_SCRIPT } from '@/lib/theme-script';
import { allowFramingBy, newNonce, securityHeaders } from './security-headers';

/** The CSP as a map of directive → its sources. */
function directives(csp: string | undefined): Map<string, string[]> {
  expect(csp).toBeTypeOf('string');
  return new Map(
    csp!.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q=';
const headersFor = (vars: Record<string, string>, nonce = NONCE) => securityHeaders(parseEnv(vars), nonce);

describe('securityHeaders', () => {
  it("allows scripts from this origin, this response's nonce and the theme script's sha256, nothing else", () => {
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT, 'utf8').digest('base64')}'`;
    const scriptSrc = directives(headersFor({})['Content-Security-Policy']).get('script-src');
    expect(scriptSrc).toEqual(["'self'", `'nonce-${NONCE}'`, hash]);
  });

  it('uses a new, unguessable nonce for each response', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    const a = newNonce();
    expect(directives(headersFor({}, a)['Content-Security-Policy']).get('script-src')).toContain(`'nonce-${a}'`);
  });

  it('lets the browser talk to the analytics host only when analytics is configured', () => {
    const off = directives(headersFor({ POSTHOG_HOST: 'https://eu.i.posthog.com' })['Content-Security-Policy']);
    expect(off.get('connect-src')).toEqual(["'self'"]);

    const on = directives(
      headersFor({ POSTHOG_KEY: 'phc_test', POSTHOG_HOST: 'https://eu.i.posthog.com/ingest/' })['Content-Security-Policy'],
    );
    expect(on.get('connect-src')).toEqual(["'self'", 'https://eu.i.posthog.com']);
  });

  it('forbids framing, sniffing and full referrers', () => {
    const h = headersFor({});
    const csp = directives(h['Content-Security-Policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS only when the public URL is https', () => {
    const plain = headersFor({ PUBLIC_URL: 'http://feedback.example.com' });
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(directives(plain['Content-Security-Policy']).has('upgrade-insecure-requests')).toBe(false);

    const secure = headersFor({ PUBLIC_URL: 'https://feedback.example.com' });
    expect(secure['Strict-Transport-Security']).toMatch(/^max-age=\d{7,}/);
    expect(directives(secure['Content-Security-Policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('allowFramingBy (the widget panel only)', () => {
  const response = () => {
    const res = new ServerResponse(new IncomingMessage(null as never));
    for (const [k, v] of Object.entries(headersFor({}))) res.setHeader(k, v);
    return res;
  };

  it('lets the allowed origins, and only them, frame the response, and drops X-Frame-Options', () => {
    const res = response();
    allowFramingBy(res, ['https://app.example.com', 'http://localhost:3000']);
    const csp = directives(String(res.getHeader('Content-Security-Policy')));
    expect(csp.get('frame-ancestors')).toEqual(['https://app.example.com', 'http://localhost:3000']);
    expect(csp.get('script-src')).toContain(`'nonce-${NONCE}'`);
    expect(res.getHeader('X-Frame-Options')).toBeUndefined();
  });

  it("keeps 'none' and DENY without an origin, and never writes a source that is not an origin", () => {
    for (const origins of [[], ["'unsafe-inline'", 'https://a.example.com; script-src *', '*']]) {
      const res = response();
      allowFramingBy(res, origins);
      expect(directives(String(res.getHeader('Content-Security-Policy'))).get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.getHeader('X-Frame-Options')).toBe('DENY');
    }
  });
});
