/**
 * A validator built from the OpenAPI document alone, as a third-party client would use it: for one
 * HTTP exchange it finds the operation by method and path template, then checks the path and
 * query parameters, the request body against its media type's schema, the status against the
 * documented responses (the status itself, its `2XX` range, or `default`) and the answer against
 * that response's schema (the `Error` component for errors). Test-only: the examples test and the
 * API fuzzer run every call through it and require no violation.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parameterValue } from '@/composition/api/examples/openapi';
import type { OpenApiDocument, OpenApiOperation } from '@/server/http/openapi';

type JsonSchema = Record<string, unknown>;

/** One request and its answer, as they went over the wire. */
export interface Exchange {
  method: string;
  /** The URL path and query string. */
  url: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string | Buffer;
  status: number;
  responseHeaders: IncomingHttpHeaders;
  responseText: string;
}

export interface Violation {
  /** `GET /api/v1/posts/{number}`, or the request line when no operation matches. */
  operation: string;
  part: 'operation' | 'path' | 'query' | 'body' | 'status' | 'response';
  message: string;
}

export interface ContractValidator {
  check(exchange: Exchange): Violation[];
}

interface Template {
  path: string;
  segments: string[];
}

const DOCUMENT_ID = 'https://chorus.invalid/openapi.json';

/** `text/plain; charset=utf-8` → `text/plain`. */
const mediaType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/**
 * The content entry that a media type falls under: the exact type, then JSON for a `+json` type
 * (the pipeline reads `application/merge-patch+json` as JSON, body.ts), then `type/*`, then `*\/*`.
 */
function contentFor<T>(content: Record<string, T> | undefined, type: string): T | undefined {
  if (!content) return undefined;
  return (
    content[type] ??
    (type.endsWith('+json') ? content['application/json'] : undefined) ??
    content[`${type.split('/')[0]}/*`] ??
    content['*/*']
  );
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

export function createContractValidator(doc: OpenApiDocument): ContractValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  // The components are reachable from every schema as `#/components/schemas/…` of the document.
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: doc.components.schemas } });
  const compiled = new WeakMap<JsonSchema, ValidateFunction>();
  const validatorOf = (schema: JsonSchema): ValidateFunction => {
    let fn = compiled.get(schema);
    if (!fn) {
      const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
      fn = ajv.compile(JSON.parse(text) as JsonSchema);
      compiled.set(schema, fn);
    }
    return fn;
  };
  const errorsOf = (schema: JsonSchema, value: unknown): string | undefined => {
    const validate = validatorOf(schema);
    if (validate(value)) return undefined;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`).join('; ');
  };

  const templates: Template[] = Object.keys(doc.paths).map((path) => ({ path, segments: path.split('/').filter(Boolean) }));

  /** The template a request path falls under; a static segment wins over a parameter, as in routing. */
  function templateOf(pathname: string): { template: Template; params: Record<string, string> } | undefined {
    const parts = pathname.split('/').filter(Boolean);
    let best: { template: Template; params: Record<string, string>; score: number } | undefined;
    for (const template of templates) {
      if (template.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let score = 0;
      let ok = true;
      template.segments.forEach((seg, i) => {
        const param = /^\{(.+)\}$/.exec(seg);
        if (param) params[param[1]!] = safeDecode(parts[i]!);
        else if (seg === parts[i]) score += 2 ** (parts.length - i);
        else ok = false;
      });
      if (ok && (!best || score > best.score)) best = { template, params, score };
    }
    return best;
  }

  function parameterViolations(op: OpenApiOperation, params: Record<string, string>, query: URLSearchParams, id: string): Violation[] {
    const out: Violation[] = [];
    for (const p of op.parameters ?? []) {
      const raw = p.in === 'path' ? params[p.name] : (query.get(p.name) ?? undefined);
      if (raw === undefined) {
        if (p.required) out.push({ operation: id, part: p.in, message: `${p.name}: required, not sent` });
        continue;
      }
      const problem = errorsOf(p.schema, parameterValue(raw, p.schema));
      if (problem) out.push({ operation: id, part: p.in, message: `${p.name}=${JSON.stringify(raw)}: ${problem}` });
    }
    return out;
  }

  function bodyViolations(op: OpenApiOperation, x: Exchange, id: string): Violation[] {
    const sent = x.requestBody !== undefined && Buffer.byteLength(x.requestBody) > 0;
    const violation = (message: string): Violation[] => [{ operation: id, part: 'body', message }];
    if (!sent) return op.requestBody?.required ? violation('a body is required, none was sent') : [];
    // The pipeline reads and ignores a body the endpoint takes none of, as HTTP lets a server do.
    if (!op.requestBody) return [];
    const type = mediaType(x.requestHeaders?.['content-type']);
    const content = contentFor(op.requestBody.content, type);
    if (!content) return violation(`${type || 'no content type'} is not among ${Object.keys(op.requestBody.content).join(', ')}`);
    const text = x.requestBody!.toString();
    let value: unknown;
    if (isJson(type)) {
      try {
        value = JSON.parse(text);
      } catch {
        return violation('the JSON body does not parse');
      }
    } else if (type === 'application/x-www-form-urlencoded') value = Object.fromEntries(new URLSearchParams(text));
    else return []; // A file, or multipart: bytes the schema does not describe field by field.
    const problem = errorsOf(content.schema, value);
    return problem ? violation(problem) : [];
  }

  function responseViolations(op: OpenApiOperation, x: Exchange, id: string): Violation[] {
    const key = op.responses[String(x.status)]
      ? String(x.status)
      : op.responses[`${String(x.status)[0]}XX`]
        ? `${String(x.status)[0]}XX`
        : 'default';
    const response = op.responses[key];
    if (!response)
      return [{ operation: id, part: 'status', message: `${x.status} is not documented (${Object.keys(op.responses).join(', ')})` }];
    const violation = (message: string): Violation[] => [{ operation: id, part: 'response', message: `${x.status}: ${message}` }];
    // HEAD has no body; a response without content says nothing about one (a 204 must have none).
    if (x.method === 'HEAD') return [];
    if (!response.content) return x.status === 204 && x.responseText !== '' ? violation('a body on 204') : [];
    const type = mediaType(x.responseHeaders['content-type']);
    const content = contentFor(response.content, type);
    if (!content) return violation(`${type || 'no content type'} is not among ${Object.keys(response.content).join(', ')}`);
    if (!isJson(type)) return [];
    let value: unknown;
    try {
      value = JSON.parse(x.responseText);
    } catch {
      return violation('the JSON body does not parse');
    }
    const problem = errorsOf(content.schema, value);
    if (problem) return violation(problem);
    const codes = response['x-error-codes'];
    const code = (value as { error?: { code?: unknown } }).error?.code;
    if (codes && !codes.includes(code as never)) return violation(`error code ${String(code)} is not among ${codes.join(', ')}`);
    return [];
  }

  return {
    check(x) {
      const url = new URL(x.url, 'http://contract.invalid');
      const found = templateOf(url.pathname);
      const method = (x.method === 'HEAD' ? 'get' : x.method.toLowerCase()) as keyof OpenApiDocument['paths'][string];
      const op = found && doc.paths[found.template.path]![method];
      if (!found || !op)
        return [
          { operation: `${x.method} ${url.pathname}`, part: 'operation', message: 'no operation of the document has this method and path' },
        ];
      const id = `${x.method === 'HEAD' ? 'GET' : x.method} ${found.template.path}`;
      return [
        ...parameterViolations(op, found.params, url.searchParams, id),
        ...bodyViolations(op, x, id),
        ...responseViolations(op, x, id),
      ];
    },
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
