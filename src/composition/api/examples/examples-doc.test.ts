import { describe, expect, it } from 'vitest';
import type { Method } from '@/server/http/route';
import { buildApiReference } from '../reference';
import { API_ROUTES, openApiDocument, type ApiOperationKey } from '../registry';
import { API_EXAMPLES } from '.';
import { credentialOf, curlOf, exampleUrl, parameterValue } from './openapi';
import { shapeDifferences } from './shape';
import type { ExampleOperationKey, ExamplesFor, ExamplesOfEveryOperation } from './types';

describe('the examples in the OpenAPI document', () => {
  const doc = openApiDocument();

  it('gives every operation its success response with the example body: a declared one beside its schema', () => {
    for (const route of API_ROUTES) {
      const { path } = route;
      for (const method of Object.keys(route.endpoints) as Method[]) {
        const ex = API_EXAMPLES[`${method} ${path}`]!;
        const op = doc.paths[path]![method.toLowerCase() as Lowercase<Method>]!;
        const declared = op.responses['2XX']?.content?.['application/json'];
        const success = declared ? op.responses['2XX'] : op.responses[String(ex.status)];
        expect(success, `${method} ${path}`).toBeDefined();
        if (declared) expect(declared.schema, `${method} ${path}: a declared schema`).not.toEqual({});
        if (ex.response !== undefined) expect(success!.content!['application/json']!.example).toEqual(ex.response);
        if (ex.media) expect(Object.keys(success!.content!)).toEqual([ex.media.type]);
        if (ex.status === 204) expect(success!.content).toBeUndefined();
        if (ex.body !== undefined) expect(op.requestBody!.content['application/json']!.example).toEqual(ex.body);
        for (const p of op.parameters ?? []) {
          const value = p.in === 'path' ? ex.params?.[p.name] : ex.query?.[p.name];
          // Typed as the parameter's schema says (an integer limit is 20 in the document, '20' in the URL).
          expect(p.example, `${method} ${path} ${p.name}`).toBe(value === undefined ? undefined : parameterValue(value, p.schema));
        }
      }
    }
  });

  it('are keyed by the operations the routes declare: a stale key or a missing example does not compile', () => {
    // tsc checks the two lines marked: a key naming no operation, and a set missing one, are refused.
    // @ts-expect-error -- no route serves this operation
    const stale: ExamplesFor = { 'GET /api/v1/no-such-endpoint': { status: 200 } };
    const whole = (allButOne: Omit<ExamplesOfEveryOperation, 'GET /api/v1/posts'>): ExamplesOfEveryOperation =>
      // @ts-expect-error -- every operation needs its example
      allButOne;
    void whole;
    // The keys are the registry's operations, the document's own included (an assignment that compiles only if the two are equal).
    const sameOperations: [ApiOperationKey, ExampleOperationKey] extends [ExampleOperationKey, ApiOperationKey] ? true : false = true;
    expect(sameOperations).toBe(true);
    // And at run time: the examples are exactly the operations, which the stale key is not.
    const operations = API_ROUTES.flatMap((r) => Object.keys(r.endpoints).map((m) => `${m} ${r.path}`));
    expect(Object.keys(API_EXAMPLES).sort()).toEqual(operations.sort());
    expect(operations).not.toContain(Object.keys(stale)[0]);
  });

  it('renders a curl line for every operation in the reference', () => {
    const ops = buildApiReference(doc, API_EXAMPLES).groups.flatMap((g) => g.operations);
    expect(ops.length).toBe(Object.keys(API_EXAMPLES).length);
    for (const op of ops) {
      expect(op.example?.curl, `${op.method} ${op.path}`).toMatch(/^curl /);
      expect(op.example!.curl).toContain(`"$CHORUS_URL${op.path.split('{')[0]}`);
    }
  });
});

describe('curl lines', () => {
  const doc = openApiDocument();
  const curl = (method: Method, path: string) =>
    curlOf(method, path, doc.paths[path]![method.toLowerCase() as Lowercase<Method>]!, API_EXAMPLES[`${method} ${path}`]!);

  it('send an API key as a bearer token, with the JSON body', () => {
    const line = curl('POST', '/api/v1/posts');
    expect(line).toContain('-X POST "$CHORUS_URL/api/v1/posts"');
    expect(line).toContain('-H "Authorization: Bearer $CHORUS_API_KEY"');
    expect(line).toContain('-H "Content-Type: application/json"');
    expect(line).toContain(`-d '${JSON.stringify(API_EXAMPLES['POST /api/v1/posts']!.body)}'`);
    expect(line).not.toContain('cookies.txt');
  });

  it('use the session cookie and the Origin header on account endpoints, and no key', () => {
    const signIn = curl('POST', '/api/v1/auth/sign-in');
    expect(signIn).toContain('-c cookies.txt');
    expect(signIn).toContain('-H "Origin: $CHORUS_URL"');
    expect(signIn).not.toContain('Authorization');
    const password = curl('POST', '/api/v1/me/password');
    expect(password).toContain('-b cookies.txt');
    expect(password).not.toContain('Authorization');
    expect(curl('GET', '/api/v1/me')).not.toContain('Origin');
  });

  it('take the credential from what the endpoint lets API keys do (its apiKey)', () => {
    for (const route of API_ROUTES) {
      const { path } = route;
      for (const [method, ep] of Object.entries(route.endpoints) as [Method, NonNullable<(typeof route.endpoints)[Method]>][]) {
        const op = doc.paths[path]![method.toLowerCase() as Lowercase<Method>]!;
        const line = curl(method, path);
        const credential = credentialOf(method, path, op);
        expect(line.includes('Authorization: Bearer'), `${method} ${path}`).toBe(credential === 'key');
        expect(line.includes('cookies.txt'), `${method} ${path}`).toBe(credential === 'session');
        if (credential === 'key') expect(ep.apiKey, `${method} ${path}`).toBe('key');
        if (op['x-authorize'] !== 'anyone' && ep.apiKey !== 'key') expect(credential, `${method} ${path}`).toBe('session');
      }
    }
    // Keys may not call these: the keys themselves, and a person's own notifications.
    expect(curl('POST', '/api/v1/admin/api-keys')).toContain('-b cookies.txt');
    expect(curl('GET', '/api/v1/me/notifications')).not.toContain('Authorization');
    expect(curl('GET', '/api/v1/admin/webhooks')).toContain('-H "Authorization: Bearer $CHORUS_API_KEY"');
    expect(curl('POST', '/api/v1/auth/sign-out')).toContain('-b cookies.txt');
    expect(curl('POST', '/api/v1/auth/forgot-password')).not.toMatch(/cookies\.txt|Authorization/);
  });

  it('send no credential to endpoints open to anyone, and fill in path and query', () => {
    const line = curl('GET', '/api/v1/posts/{number}');
    expect(line).toBe('curl "$CHORUS_URL/api/v1/posts/120"');
    expect(curl('GET', '/api/v1/posts')).toBe('curl "$CHORUS_URL/api/v1/posts?board=ideas&sort=top&limit=20"');
  });

  it('read an event stream unbuffered', () => {
    expect(curl('GET', '/api/v1/events')).toBe('curl "$CHORUS_URL/api/v1/events?post=120" \\\n  -N');
  });

  it('send a file as the body of an upload', () => {
    expect(curl('POST', '/api/v1/attachments')).toContain('-H "Content-Type: image/png" \\\n  --data-binary @screenshot.png');
  });

  it('quote a body holding a single quote for the shell', () => {
    const op = doc.paths['/api/v1/tags']!.post!;
    expect(curlOf('POST', '/api/v1/tags', op, { status: 201, body: { name: "Ada's" } })).toContain(`-d '{"name":"Ada'\\''s"}'`);
  });

  it('encode path parameters', () => {
    expect(exampleUrl('/api/v1/boards/{board}', { status: 200, params: { board: 'a b' } })).toBe('/api/v1/boards/a%20b');
  });
});

describe('shape comparison', () => {
  it('passes the same shape with other values, and names each difference', () => {
    expect(shapeDifferences({ id: 'a', n: 1, tags: [{ x: true }], at: null }, { id: 'b', n: 2, tags: [{ x: false }], at: null })).toEqual(
      [],
    );
    expect(shapeDifferences({ id: 'a' }, { id: 'a', extra: 1 })).toEqual(['$.extra: in the answer, not in the example']);
    expect(shapeDifferences({ id: 'a', gone: 1 }, { id: 'a' })).toEqual(['$.gone: in the example, not in the answer']);
    expect(shapeDifferences({ n: 1 }, { n: '1' })).toEqual(['$.n: the example has number, the answer string']);
    expect(shapeDifferences({ s: null }, { s: { id: 1 } })).toEqual(['$.s: the example has null, the answer object']);
    expect(shapeDifferences([{ a: 1 }], [])).toEqual(['$: the example shows items, the answer has none']);
    expect(shapeDifferences([], [{ a: 1 }])).toEqual(['$: the answer has items, the example shows none']);
    expect(shapeDifferences([{ a: 1 }], [{ a: 1, b: 2 }])).toEqual(['$[0].b: in the answer, not in the example']);
  });

  it('in subset mode, ignores keys the example leaves out', () => {
    expect(shapeDifferences({ a: { b: 1 } }, { a: { b: 2, c: 3 }, d: 4 }, { subset: true })).toEqual([]);
    expect(shapeDifferences({ a: { z: 1 } }, { a: { b: 2 } }, { subset: true })).toEqual(['$.a.z: in the example, not in the answer']);
  });
});
