/**
 * What every answer of the API must be, whatever was asked (SPEC.md §8): never a 5xx; JSON in
 * the catalogue error shape with a code the operation documents, or a JSON success (or an empty
 * 204, or the non-JSON type the operation documents for its success: a CSV download); never a
 * marker the role may not see; never a stack trace, SQL, a hash or a token. A success is also a
 * call and an answer the OpenAPI document allows (src/test/contract.ts).
 * Returns the problems found, empty when the answer is fine. Test-only.
 */
import { ERROR_CATALOGUE, isErrorCode, isErrorReason } from '@/lib/error-codes';
import type { ContractValidator } from '../contract';
import type { Answer } from './dispatch';
import type { FuzzRequest, Operation } from './requests';

export type ProblemKind = '5xx' | 'shape' | 'leak' | 'contract';

export interface Problem {
  kind: ProblemKind;
  message: string;
}

/** Text that only an internal failure would put in an answer. */
const INTERNALS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at [^\n]+:\d+:\d+/],
  ['a source path', /node_modules|\/src\/[\w/-]+\.tsx?\b|node:internal/],
  [
    'a database error',
    new RegExp(
      [
        'syntax error at or near',
        'violates (?:unique|foreign key|check|not-null) constraint',
        'duplicate key value',
        'invalid input syntax for',
        'relation "[^"]+" does not exist',
        'Failed query:',
        'PGlite',
        'SQLSTATE',
      ].join('|'),
      'i',
    ),
  ],
  ['a password hash', /\$argon2id?\$/],
  ['a column of secrets', /password_?hash|token_?hash/i],
];

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function errorShapeProblems(json: unknown, answer: Answer): string[] {
  const out: string[] = [];
  if (!isPlainObject(json) || Object.keys(json).join() !== 'error' || !isPlainObject(json.error)) return ['not {"error":{…}}'];
  const e = json.error;
  const extra = Object.keys(e).filter((k) => !['code', 'message', 'reason', 'fields', 'requestId'].includes(k));
  if (extra.length) out.push(`extra keys in error: ${extra.join(', ')}`);
  if (!isErrorCode(e.code)) out.push(`unknown code ${String(e.code)}`);
  else if (ERROR_CATALOGUE[e.code].status !== answer.status) out.push(`code ${e.code} with HTTP ${answer.status}`);
  if (typeof e.message !== 'string' || e.message.length === 0) out.push('no message');
  if (e.reason !== undefined && !isErrorReason(e.reason)) out.push(`unknown reason ${String(e.reason)}`);
  if (typeof e.requestId !== 'string' || e.requestId !== answer.headers['x-request-id']) out.push('requestId differs from x-request-id');
  if (e.fields !== undefined && (!isPlainObject(e.fields) || Object.values(e.fields).some((v) => typeof v !== 'string')))
    out.push('fields is not a map of strings');
  if (e.code === 'METHOD_NOT_ALLOWED' && !answer.headers.allow) out.push('405 without an Allow header');
  if (e.code === 'RATE_LIMITED' && !answer.headers['retry-after']) out.push('429 without Retry-After');
  return out;
}

/**
 * The error codes documented for this request: those of the operation its path and method reach,
 * METHOD_NOT_ALLOWED for a method the path does not answer, NOT_FOUND for a path with no route.
 */
function documentedCodes(operations: Operation[], method: string): { id: string; codes: Set<string> } {
  if (operations.length === 0) return { id: 'the catch-all 404', codes: new Set(['NOT_FOUND', 'METHOD_NOT_ALLOWED', 'VALIDATION_FAILED']) };
  const m = method === 'HEAD' ? 'GET' : method;
  const operation = operations.find((o) => o.method === m);
  if (!operation) return { id: `${method} ${operations[0]!.path}`, codes: new Set(['METHOD_NOT_ALLOWED']) };
  return { id: operation.id, codes: new Set(Object.values(operation.op.responses).flatMap((r) => r['x-error-codes'] ?? [])) };
}

/** The media types other than JSON that the operation documents for a success (a CSV download). */
function documentedSuccessTypes(operations: Operation[], method: string): string[] {
  const m = method === 'HEAD' ? 'GET' : method;
  const content = operations.find((o) => o.method === m)?.op.responses['2XX']?.content;
  return Object.keys(content ?? {}).filter((t) => t !== 'application/json');
}

export interface Expectations {
  /** The operations of the path the request was routed to; empty when no route has it. */
  operations: Operation[];
  hidden: Map<string, string>;
  secrets: Map<string, string>;
  /** The document's validator, for successes: the server accepted the call, so the document must allow it and its answer. */
  contract?: ContractValidator;
}

export function checkAnswer(request: FuzzRequest, answer: Answer, { operations, hidden, secrets, contract }: Expectations): Problem[] {
  const problems: Problem[] = [];
  if (answer.status === 0) return [{ kind: 'shape', message: answer.text }];
  if (answer.status >= 500) problems.push({ kind: '5xx', message: `HTTP ${answer.status}: ${answer.text.slice(0, 500)}` });

  const shape = (message: string) => problems.push({ kind: 'shape', message });
  const type = String(answer.headers['content-type'] ?? '');
  const head = request.method === 'HEAD';
  if (answer.status === 204 || head) {
    if (answer.text !== '') shape(`HTTP ${answer.status} to ${request.method} with a body`);
  } else if (
    answer.status >= 200 &&
    answer.status < 300 &&
    documentedSuccessTypes(operations, request.method).includes(type.split(';')[0]!.trim())
  ) {
    // A documented success that is not JSON (a CSV download): the leak checks below read it too.
  } else if (!/^application\/json\b/.test(type)) {
    shape(`HTTP ${answer.status} answered ${type || 'no content type'}: ${answer.text.slice(0, 200)}`);
  } else {
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      shape(`HTTP ${answer.status}: the body is not JSON`);
    }
    if (json !== undefined) {
      if (answer.status >= 400) {
        for (const p of errorShapeProblems(json, answer)) shape(`HTTP ${answer.status}: ${p}`);
        const code = isPlainObject(json) && isPlainObject(json.error) ? String(json.error.code) : '';
        const documented = documentedCodes(operations, request.method);
        // Node's parser refuses a request head over 16 KiB before any route runs (client-error.ts).
        if (request.url.length + JSON.stringify(request.headers).length > 16_000) documented.codes.add('PAYLOAD_TOO_LARGE');
        if (isErrorCode(code) && !documented.codes.has(code))
          shape(`${code} is not among the codes ${documented.id} documents (${[...documented.codes].join(', ')})`);
      } else if (answer.status >= 200 && answer.status < 300) {
        if (typeof json !== 'object' || json === null) shape(`HTTP ${answer.status}: a success that is not a JSON object or array`);
        else if (isPlainObject(json) && 'error' in json && isPlainObject(json.error) && 'code' in json.error)
          shape(`HTTP ${answer.status} with an error body`);
      } else {
        shape(`HTTP ${answer.status} is neither a success nor an error`);
      }
    }
  }

  if (contract && answer.status >= 200 && answer.status < 300) {
    const exchange = {
      method: request.method,
      url: request.url,
      requestHeaders: request.headers,
      requestBody: request.body,
      status: answer.status,
      responseHeaders: answer.headers,
      responseText: answer.text,
    };
    for (const v of contract.check(exchange)) problems.push({ kind: 'contract', message: `${v.operation}, ${v.part}: ${v.message}` });
  }

  // The whole answer as received (body and headers but the cookie the answer sets), as text.
  const { 'set-cookie': _cookie, ...headers } = answer.headers;
  const received = `${JSON.stringify(headers)}\n${answer.text}`;
  for (const [what, value] of hidden)
    if (received.includes(value)) problems.push({ kind: 'leak', message: `${request.role} received ${what} (${value})` });
  for (const [what, value] of secrets)
    if (received.includes(value)) problems.push({ kind: 'leak', message: `${request.role} received a secret: ${what}` });
  for (const [what, re] of INTERNALS) {
    const m = re.exec(answer.text);
    if (m)
      problems.push({
        kind: 'leak',
        message: `${request.role} received ${what}: …${answer.text.slice(Math.max(0, m.index - 80), m.index + 120)}…`,
      });
  }
  return problems;
}
