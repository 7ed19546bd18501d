/**
 * Puts the examples into the OpenAPI document: parameter examples, the JSON request body's
 * example, and the success response under its real status (next to the generic `2XX`), and
 * builds each operation's curl line.
 */
import type { OpenApiDocument, OpenApiOperation } from '@/server/http/openapi';
import type { ApiExample, ApiExamples, ExampleCaller } from './types';

/**
 * Endpoints open to anyone that still work on the session cookie: signing in (with a password or
 * an identify token) and setting up store it, signing out ends it.
 */
const OPEN_WITH_COOKIE: Record<string, 'store' | 'send'> = {
  'POST /api/v1/auth/sign-in': 'store',
  'POST /api/v1/auth/identify': 'store',
  'POST /api/v1/setup': 'store',
  'POST /api/v1/auth/sign-out': 'send',
};

/** What a call sends: an API key (or the session), the session cookie only, or nothing. */
export type ExampleCredential = 'key' | 'session' | 'none';

/** What the credential of an example reads from an operation. */
export type CredentialFacts = Pick<OpenApiOperation, 'x-authorize' | 'security'>;

/**
 * The credential of an operation's example, from the endpoint's own API key access (its `apiKey`,
 * which the document shows as a bearerAuth requirement): an endpoint open to anyone needs none,
 * one keys may call takes a key, and the others (account, session, keys themselves) the session cookie.
 */
export function credentialOf(method: string, path: string, op: CredentialFacts): ExampleCredential {
  if (OPEN_WITH_COOKIE[`${method} ${path}`]) return 'session';
  if (op['x-authorize'] === 'anyone') return 'none';
  return op.security.some((requirement) => 'bearerAuth' in requirement) ? 'key' : 'session';
}

/** Who an example is written for, by default: the least role the endpoint's policy admits. */
export function callerOf(op: Pick<OpenApiOperation, 'x-authorize'>): ExampleCaller {
  switch (op['x-authorize']) {
    case 'anyone':
      return 'visitor';
    case 'canManageOwnAccount':
      return 'account';
    case 'canAdminister':
      return 'admin';
    case 'canModerate':
    case 'canWriteChangelog':
    case 'canEnterTeamArea':
      return 'moderator';
    default:
      return 'member';
  }
}

/** The example's URL path and query string; `real` maps an example value to the one to send. */
export function exampleUrl(path: string, ex: ApiExample, real: (v: string) => string = (v) => v): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(real(ex.params?.[name] ?? '')));
  const query = new URLSearchParams(Object.entries(ex.query ?? {}).map(([k, v]) => [k, real(v)])).toString();
  return query ? `${filled}?${query}` : filled;
}

/** Single-quotes a shell word. */
const shell = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The curl line of an example: the bearer key, the session cookie flow, or nothing for open endpoints (see credentialOf). */
export function curlOf(method: string, path: string, op: CredentialFacts, ex: ApiExample): string {
  const key = `${method} ${path}`;
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} "$CHORUS_URL${exampleUrl(path, ex)}"`];
  const credential = credentialOf(method, path, op);
  if (credential === 'session') {
    // Sign-in stores the cookie; the others send it. An Origin header, where sent, must be Chorus's own (CSRF).
    lines.push(OPEN_WITH_COOKIE[key] === 'store' ? '-c cookies.txt' : '-b cookies.txt -c cookies.txt');
    if (method !== 'GET') lines.push('-H "Origin: $CHORUS_URL"');
  } else if (credential === 'key') lines.push('-H "Authorization: Bearer $CHORUS_API_KEY"');
  if (ex.file) lines.push(`-H "Content-Type: ${ex.file.contentType}"`, `--data-binary @${ex.file.name}`);
  else if (ex.body !== undefined) lines.push('-H "Content-Type: application/json"', `-d ${shell(JSON.stringify(ex.body))}`);
  // An event stream stays open: -N prints each event as it arrives instead of buffering.
  if (ex.media?.type === 'text/event-stream') lines.push('-N');
  else if (ex.media && !ex.media.type.startsWith('text/'))
    lines.push(`-o ${path.includes('branding') ? 'logo' : 'image'}.${ex.media.type.split('/')[1]}`);
  return lines.join(' \\\n  ');
}

/** The document with every operation's example in it (a copy; the input is not changed). */
export function withExamples(doc: OpenApiDocument, examples: ApiExamples): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    const out: (typeof paths)[string] = {};
    for (const [method, op] of Object.entries(item) as [keyof typeof item, OpenApiOperation][]) {
      const ex = examples[`${method.toUpperCase()} ${path}`];
      out[method] = ex ? operationWithExample(op, ex) : op;
    }
    paths[path] = out;
  }
  return { ...doc, paths };
}

/**
 * A parameter's text as its schema types it: the examples hold path and query values as the
 * strings a URL carries (`limit: '20'`), the document shows `20` for an integer (and the contract
 * test reads a URL's values this way, as the query schemas coerce them).
 */
export function parameterValue(value: string, schema: Record<string, unknown>): string | number | boolean {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function operationWithExample(op: OpenApiOperation, ex: ApiExample): OpenApiOperation {
  const values: Record<string, string | undefined> = { ...ex.params, ...ex.query };
  const parameters = op.parameters?.map((p) => {
    const value = values[p.name];
    return value !== undefined ? { ...p, example: parameterValue(value, p.schema) } : p;
  });
  const json = op.requestBody?.content['application/json'];
  const requestBody =
    op.requestBody && json && ex.body !== undefined
      ? { ...op.requestBody, content: { ...op.requestBody.content, 'application/json': { ...json, example: ex.body } } }
      : op.requestBody;
  const declared = op.responses['2XX']?.content?.['application/json'];
  if (declared) {
    // The success is declared (the endpoint's `response`): the example goes beside its schema.
    const responses = {
      ...op.responses,
      '2XX': { ...op.responses['2XX']!, content: { 'application/json': { ...declared, example: ex.response } } },
    };
    return { ...op, ...(parameters ? { parameters } : {}), ...(requestBody ? { requestBody } : {}), responses };
  }
  if (op.responses['204']) return { ...op, ...(parameters ? { parameters } : {}), ...(requestBody ? { requestBody } : {}) };
  const success: OpenApiOperation['responses'][string] =
    ex.status === 204
      ? { description: 'No content.' }
      : ex.media
        ? {
            description: ex.media.note,
            content: {
              [ex.media.type]: { schema: { type: 'string' }, ...(ex.media.firstLine ? { example: `${ex.media.firstLine}\n…` } : {}) },
            },
          }
        : { description: 'Success.', content: { 'application/json': { schema: {}, example: ex.response } } };
  return {
    ...op,
    ...(parameters ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { [String(ex.status)]: success, ...op.responses },
  };
}
