/**
 * The human-readable API reference (/docs/api), as plain data derived from the OpenAPI
 * document: groups of operations with who may call them, their fields (type and constraints
 * in words) and their error codes. Built in the page loader; the page only renders it.
 */
import type { OpenApiDocument, OpenApiOperation } from '@/server/http/openapi';
import { credentialOf, curlOf, type ExampleCredential } from './examples/openapi';
import type { ApiExamples } from './examples/types';

export interface ReferenceField {
  name: string;
  required: boolean;
  type: string;
  constraints: string[];
  description?: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  who: string;
  rateLimit?: string;
  pathParams: ReferenceField[];
  queryParams: ReferenceField[];
  bodyFields: ReferenceField[];
  errors: { status: number; code: string }[];
  example?: ReferenceExample;
}

/** An operation's example, as text to show: the curl line, the request body, the answer. */
export interface ReferenceExample {
  /** `key`: an API key or the session; `session`: the session cookie only; `none`: no credential needed. */
  credential: ExampleCredential;
  curl: string;
  /** The JSON request body, pretty-printed, or a word on the file sent. */
  request?: string;
  status: number;
  /** The response's media type, and its body (pretty JSON, a CSV's first line) or a word on it. */
  responseType?: string;
  response?: string;
}

export interface ApiReference {
  title: string;
  description: string;
  groups: { tag: string; operations: ReferenceOperation[] }[];
}

type Schema = Record<string, unknown>;

/** Who may call an endpoint, from the name of its authorize policy (SPEC.md §6). */
const WHO: Record<string, string> = {
  anyone: 'Anyone',
  canAdminister: 'Admins',
  canEnterTeamArea: 'The team (moderators and admins)',
  canModerate: 'Moderators and admins',
  canWriteChangelog: 'Moderators and admins',
  canManageOwnAccount: 'Signed-in people, for their own account',
  isSignedIn: 'Signed-in people (the thing acted on decides the rest)',
  canParticipate: 'Signed-in people who may take part on the board',
};

function whoMayCall(op: OpenApiOperation): string {
  const base = WHO[op['x-authorize']] ?? `Decided by the ${op['x-authorize']} policy`;
  if (op['x-authorize'] !== 'anyone') return base;
  return op['x-open-to-visitors']
    ? 'Anyone, even when the workspace requires sign-in'
    : 'Anyone who may read the workspace (visitors too when it is public)';
}

/** A schema's type in words: `string`, `integer`, `array of string`, `one of: a, b`, `string or null`. */
export function typeOf(s: Schema): string {
  if (Array.isArray(s.enum)) return `one of: ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) return [...new Set((s[key] as Schema[]).map(typeOf))].join(' or ');
  }
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (s.type === 'array') return `array of ${s.items ? typeOf(s.items as Schema) : 'any'}`;
  if (typeof s.type === 'string') return s.format ? `${s.type} (${s.format})` : s.type;
  return 'any';
}

/** Constraints in words: length, range, pattern, default. */
export function constraintsOf(s: Schema): string[] {
  const out: string[] = [];
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) out.push(`${min}–${max} ${unit}`);
    else if (min !== undefined) out.push(`at least ${min} ${unit}`);
    else if (max !== undefined) out.push(`at most ${max} ${unit}`);
  };
  range(num('minLength'), num('maxLength'), 'characters');
  range(num('minItems'), num('maxItems'), 'items');
  const min = num('minimum') ?? num('exclusiveMinimum');
  const max = num('maximum') ?? num('exclusiveMaximum');
  if (min !== undefined || max !== undefined) range(min, max, '(value)');
  if (typeof s.pattern === 'string' && s.format === undefined) out.push(`matches ${s.pattern}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) for (const sub of s[key] as Schema[]) out.push(...constraintsOf(sub));
  }
  return [...new Set(out)];
}

function fieldsOf(schema: Schema | undefined): ReferenceField[] {
  if (!schema) return [];
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    required: required.has(name),
    type: typeOf(s),
    constraints: constraintsOf(s),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
}

export function buildApiReference(doc: OpenApiDocument, examples: ApiExamples = {}): ApiReference {
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item) as [string, OpenApiOperation][]) {
      const params = op.parameters ?? [];
      const asField = (p: (typeof params)[number]): ReferenceField => ({
        name: p.name,
        required: p.required,
        type: typeOf(p.schema),
        constraints: constraintsOf(p.schema),
        ...(p.description ? { description: p.description } : {}),
      });
      const errors = Object.values(op.responses)
        .flatMap((r) => r['x-error-codes'] ?? [])
        .map((code) => ({ code, status: Number(Object.entries(op.responses).find(([, r]) => r['x-error-codes']?.includes(code))?.[0]) }));
      const reference: ReferenceOperation = {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        ...(op.summary ? { summary: op.summary } : {}),
        ...(op.description ? { description: op.description } : {}),
        who: whoMayCall(op),
        ...(op['x-rate-limit'] ? { rateLimit: `${op['x-rate-limit'].limit} per ${formatWindow(op['x-rate-limit'].windowSeconds)}` } : {}),
        pathParams: params.filter((p) => p.in === 'path').map(asField),
        queryParams: params.filter((p) => p.in === 'query').map(asField),
        bodyFields: fieldsOf(op.requestBody?.content['application/json']?.schema),
        errors,
        ...(examples[`${method.toUpperCase()} ${path}`] ? { example: referenceExample(method.toUpperCase(), path, op, examples) } : {}),
      };
      const tag = op.tags[0] ?? 'API';
      groups.set(tag, [...(groups.get(tag) ?? []), reference]);
    }
  }
  return {
    title: doc.info.title,
    description: doc.info.description,
    groups: [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, operations]) => ({ tag, operations })),
  };
}

function referenceExample(method: string, path: string, op: OpenApiOperation, examples: ApiExamples): ReferenceExample {
  const ex = examples[`${method} ${path}`]!;
  const pretty = (v: unknown) => JSON.stringify(v, null, 2);
  return {
    credential: credentialOf(method, path, op),
    curl: curlOf(method, path, op, ex),
    ...(ex.file
      ? { request: `The file itself (${ex.file.contentType}), e.g. ${ex.file.name}` }
      : ex.body !== undefined
        ? { request: pretty(ex.body) }
        : {}),
    status: ex.status,
    ...(ex.media
      ? {
          responseType: ex.media.type,
          response: ex.media.firstLine !== undefined ? `${ex.media.firstLine.replace(/^\ufeff/, '')}\n…` : ex.media.note,
        }
      : ex.response !== undefined
        ? { responseType: 'application/json', response: pretty(ex.response) }
        : {}),
  };
}

function formatWindow(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? 'minute' : `${seconds / 60} minutes`;
  return `${seconds} s`;
}
