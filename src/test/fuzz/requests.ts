/**
 * Requests generated from the operations of the OpenAPI document: path parameters, query and
 * JSON body derived from each operation's schemas, then mutated (missing and extra fields, a
 * body of the wrong type, malformed JSON, a wrong content type, an oversized body, a wrong
 * method, a cross-site origin), sent as one of the four roles. Test-only.
 */
import fc from 'fast-check';
import type { OpenApiDocument, OpenApiOperation } from '@/server/http/openapi';
import { arbitraryFor, hostileString, hostileValue, objectArbitrary, type JsonSchema, type KnownValues } from './schema-arbitrary';

export const ROLES = ['visitor', 'member', 'moderator', 'admin'] as const;
export type FuzzRole = (typeof ROLES)[number];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface Operation {
  id: string;
  method: string;
  /** The documented path, `{name}` for each path parameter. */
  path: string;
  op: OpenApiOperation;
  /** Every method the path answers (the others are 405). */
  methods: string[];
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const methods = Object.keys(item).map((m) => m.toUpperCase());
    for (const [method, op] of Object.entries(item))
      out.push({ id: op!.operationId, method: method.toUpperCase(), path, op: op!, methods });
  }
  return out;
}

export interface FuzzRequest {
  role: FuzzRole;
  method: string;
  /** The URL path and search string, as sent. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A printable account of a request, for failure messages (long values shortened). */
export function describeRequest(r: FuzzRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  return `${r.role} ${r.method} ${cut(r.url)} ${JSON.stringify(r.headers)} ${r.body === undefined ? '' : cut(JSON.stringify(r.body))}`;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'APPLICATION/JSON',
  '',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'tru',
  '"unterminated',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  '\u0000',
  '1e999999',
  '-',
];

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType?: string } | { kind: 'none' };

/** A JSON body for the operation: its schema's object, mutated now and then, or something else entirely. */
function bodyArbitrary(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<Body> {
  const valid: fc.Arbitrary<Record<string, unknown>> = schema ? objectArbitrary(schema, known) : fc.constant({});
  const required = (schema?.required as string[] | undefined) ?? [];
  const json = (a: fc.Arbitrary<unknown>) => a.map((value): Body => ({ kind: 'json', value }));
  return fc.oneof(
    { weight: 14, arbitrary: json(valid) },
    // A required field missing.
    ...(required.length
      ? [
          {
            weight: 2,
            arbitrary: json(
              fc.tuple(valid, fc.constantFrom(...required)).map(([o, k]) => {
                const copy = { ...o };
                delete copy[k];
                return copy;
              }),
            ),
          },
        ]
      : []),
    // Extra fields, some named like privileged ones.
    {
      weight: 2,
      arbitrary: json(
        fc
          .tuple(
            valid,
            fc.dictionary(fc.constantFrom('role', 'id', 'authorId', 'approval', 'internal', 'visibility', 'admin', 'extra'), hostileValue, {
              maxKeys: 3,
            }),
          )
          .map(([o, extra]) => ({ ...extra, ...o })),
      ),
    },
    // A field of the wrong type.
    {
      weight: 2,
      arbitrary: json(
        fc.tuple(valid, hostileValue).chain(([o, v]) => {
          const keys = Object.keys(o);
          return keys.length ? fc.constantFrom(...keys).map((k) => ({ ...o, [k]: v })) : fc.constant(o);
        }),
      ),
    },
    // Not an object at all.
    { weight: 2, arbitrary: json(hostileValue) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text): Body => ({ kind: 'raw', text })) },
    // A wrong content type, with a valid body.
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...CONTENT_TYPES))
        .map(([o, contentType]): Body => ({ kind: 'raw', text: JSON.stringify(o), contentType })),
    },
    // Over the 1 MiB limit.
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'raw', text: JSON.stringify({ body: 'x'.repeat(1024 * 1024 + 10) }) }) },
  );
}

/** A query string value: one value, or a repeated key. */
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
const queryValue = (a: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 6, arbitrary: a.map(asText) }, { weight: 1, arbitrary: fc.array(a.map(asText), { minLength: 2, maxLength: 3 }) });

function queryArbitrary(op: OpenApiOperation, known: KnownValues): fc.Arbitrary<[string, string | string[]][]> {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query');
  const model: Record<string, fc.Arbitrary<string | string[]>> = {};
  for (const p of params) model[p.name] = queryValue(arbitraryFor(p.schema, p.name, known));
  const required = params.filter((p) => p.required).map((p) => p.name);
  return fc
    .tuple(
      fc.record(model, { requiredKeys: required }),
      fc.oneof(
        { weight: 5, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(hostileString, queryValue(hostileString), { maxKeys: 2 }) },
      ),
    )
    .map(([q, extra]) => [...Object.entries(extra), ...Object.entries(q)] as [string, string | string[]][]);
}

/** Path parameters: fixture values mostly (so requests reach real rows), generated or hostile otherwise. */
function pathArbitrary(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const params = operation.op.parameters ?? [];
  const arbs = names.map((name) => {
    const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
    const pool = known[`${operation.path}:${name}`] ?? known[name] ?? [];
    const options: fc.WeightedArbitrary<unknown>[] = [
      { weight: 3, arbitrary: arbitraryFor(schema, name, {}, 0) },
      { weight: 2, arbitrary: hostileValue },
    ];
    if (pool.length) options.push({ weight: 8, arbitrary: fc.constantFrom(...pool) });
    return fc.oneof(...options).map((v) => {
      const s = asText(v);
      // An empty segment would name another route; WHATWG URLs resolve "." and "..".
      return s === '' || s === '.' || s === '..' ? `${s}x` : s;
    });
  });
  return fc.tuple(...arbs).map((values) => {
    let i = 0;
    return operation.path.replace(/\{[^}]+\}/g, () => encodePathSegment(values[i++]!));
  });
}

/** The string with each lone surrogate (which encodeURIComponent refuses) replaced by U+FFFD, as a browser sends it. */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function encodePathSegment(s: string): string {
  return encodeURIComponent(wellFormed(s));
}

function encodeQuery(pairs: [string, string | string[]][]): string {
  const parts: string[] = [];
  for (const [k, v] of pairs)
    for (const one of [v].flat()) parts.push(`${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(one))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** One request against `operation`. */
export function requestArbitrary(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const body = operation.op.requestBody?.content['application/json']?.schema;
  const sendsBody = operation.method !== 'GET';
  return fc
    .record({
      role: fc.constantFrom(...ROLES),
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(operation.method) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS, 'HEAD', 'OPTIONS') },
      ),
      path: pathArbitrary(operation, known),
      query: queryArbitrary(operation.op, known),
      body: sendsBody
        ? bodyArbitrary(body, known)
        : fc.oneof({ weight: 9, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: bodyArbitrary(body, known) }),
      origin: fc.oneof(
        { weight: 10, arbitrary: fc.constant<'self' | 'none' | 'cross'>('self') },
        { weight: 2, arbitrary: fc.constant<'self' | 'none' | 'cross'>('none') },
        { weight: 1, arbitrary: fc.constant<'self' | 'none' | 'cross'>('cross') },
      ),
    })
    .map(({ role, method, path, query, body: b, origin }) => {
      const headers: Record<string, string> = {};
      let text: string | undefined;
      if (b.kind === 'json') {
        text = JSON.stringify(b.value) ?? 'null';
        headers['content-type'] = 'application/json';
      } else if (b.kind === 'raw') {
        text = b.text;
        if (b.contentType === undefined) headers['content-type'] = 'application/json';
        else if (b.contentType !== '') headers['content-type'] = b.contentType;
      }
      if (origin === 'self') headers.origin = 'self';
      else if (origin === 'cross') headers.origin = 'https://evil.example';
      // GET and HEAD cannot carry a body in fetch; Next reads none for them either.
      const withBody = method !== 'GET' && method !== 'HEAD' && text !== undefined;
      if (!withBody) delete headers['content-type'];
      return { role, method, url: path + encodeQuery(query), headers, ...(withBody ? { body: text } : {}) };
    });
}
