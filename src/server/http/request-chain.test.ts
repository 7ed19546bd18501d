import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPathStep, runChain, widgetScriptStep, type RequestStep } from './request-chain';
import { widgetScriptOf } from './widget-script';

let server: http.Server | undefined;

/** A loopback server answering every request with `steps`; resolves to its base URL. */
async function serve(steps: RequestStep[]): Promise<string> {
  server = http.createServer((req, res) => void runChain(steps, { req, res, requestId: 'req-1', nonce: 'n', note: {} }));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const answers =
  (text: string): RequestStep =>
  ({ res }) => {
    res.end(text);
    return true;
  };

describe('runChain: the server answers a request with the first step that takes it', () => {
  it('runs the steps in order and stops at the first that answers', async () => {
    const seen: string[] = [];
    const passes =
      (name: string): RequestStep =>
      () => {
        seen.push(name);
        return false;
      };
    const base = await serve([passes('a'), async () => (seen.push('b'), false), answers('c'), passes('never')]);
    expect(await (await fetch(`${base}/x`)).text()).toBe('c');
    expect(seen).toEqual(['a', 'b']);
  });

  it('answers 500 with nothing internal when a step throws, and when no step answers', async () => {
    const base = await serve([
      ({ req }) => {
        if (req.url === '/throw') throw new Error('secret internals at /srv/chorus');
        return false;
      },
    ]);
    for (const path of ['/throw', '/nobody']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).toBe('Internal Server Error');
    }
  });
});

describe('the steps before the framework', () => {
  it('apiPathStep: a malformed /api path is a JSON 404, an unwritten form a 308, anything else passes', async () => {
    const base = await serve([apiPathStep, answers('framework')]);
    const malformed = await fetch(`${base}/api/v1/posts/%ff`);
    expect(malformed.status).toBe(404);
    expect(((await malformed.json()) as { error: { code: string; requestId: string } }).error).toMatchObject({
      code: 'NOT_FOUND',
      requestId: 'req-1',
    });
    const slash = await fetch(`${base}/api/v1/posts/`, { redirect: 'manual' });
    expect(slash.status).toBe(308);
    expect(slash.headers.get('location')).toBe('/api/v1/posts');
    expect(await (await fetch(`${base}/api/v1/posts`)).text()).toBe('framework');
  });

  it('widgetScriptStep: /widget.js only, 404 when the build lacks it', async () => {
    const script = widgetScriptOf(Buffer.from('window.Chorus={};'));
    let base = await serve([widgetScriptStep(script), answers('framework')]);
    const loader = await fetch(`${base}/widget.js?v=1`);
    expect(loader.status).toBe(200);
    expect(await loader.text()).toBe('window.Chorus={};');
    expect(await (await fetch(`${base}/widget.jsx`)).text()).toBe('framework');
    await new Promise((resolve) => server?.close(resolve));
    base = await serve([widgetScriptStep(null), answers('framework')]);
    expect((await fetch(`${base}/widget.js`)).status).toBe(404);
  });
});
