/**
 * The OpenAPI 3.1 document, generated from the routes themselves: each endpoint's method, its
 * zod body and query schemas (the very ones that validate requests, read on their input side),
 * its authorize policy and rate limit. Served at /api/v1/openapi.json and rendered at /docs/api.
 */
import { z, type ZodType } from 'zod';
import * as policies from '@/core/identity/policy';
import { ERROR_CATALOGUE, ERROR_REASONS, type ErrorCode } from '@/lib/error-codes';
import { anyone } from '@/core/identity/policy';
import type { Method, RouteHandler } from './route';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema; example?: unknown }>; 'x-error-codes'?: ErrorCode[] }
  >;
  /** The policy function that decides who may call it (SPEC.md §6). */
  'x-authorize': string;
  /** Reachable by visitors even in a sign-in-required workspace. */
  'x-open-to-visitors'?: boolean;
  'x-rate-limit'?: { limit: number; windowSeconds: number };
  /** The API key scopes that may call it (the endpoint's policy still decides from the key's role); absent: keys are refused. */
  'x-api-key-scopes'?: string[];
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<Lowercase<Method>, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

/**
 * Policy names by identity: the production build minifies function names, so `fn.name` cannot
 * be trusted there. Policies defined elsewhere fall back to their (development) name.
 */
const POLICY_NAMES = new Map<unknown, string>([
  [anyone, 'anyone'],
  ...Object.entries(policies)
    .filter(([, v]) => typeof v === 'function')
    .map(([k, v]) => [v, k] as const),
]);
const policyName = (fn: (...args: never[]) => unknown) => POLICY_NAMES.get(fn) ?? (fn.name || 'custom');

const METHOD_ORDER: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of what a client sends. */
export function inputJsonSchema(schema: ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/**
 * JSON Schema of what a client receives (an endpoint's `response`). Schemas given an id with
 * `.meta({ id: 'Post' })` become named components (`#/components/schemas/Post`), collected in
 * `components`; one id must always name the same schema.
 */
export function outputJsonSchema(schema: ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  delete converted.$schema;
  const text = JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $defs, ...out } = namedRecordKeys(JSON.parse(text)) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, def] of Object.entries($defs ?? {})) {
    const known = components[id];
    if (known && JSON.stringify(known) !== JSON.stringify(def)) throw new Error(`Two response schemas are both named ${id}`);
    components[id] = def;
  }
  return out;
}

/**
 * A record keyed by an enum (`z.record(z.enum([…]), v)`) converts to `propertyNames` with every
 * key `required` but none in `properties`; naming each key there says the same thing in a form
 * client generators and linters read (Redocly's `no-required-schema-properties-undefined`).
 */
function namedRecordKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(namedRecordKeys);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, namedRecordKeys(v)])) as JsonSchema;
  const keys = (out.propertyNames as JsonSchema | undefined)?.enum;
  const value = out.additionalProperties;
  if (!out.properties && Array.isArray(keys) && Array.isArray(out.required) && value && typeof value === 'object')
    out.properties = Object.fromEntries(keys.map((k) => [String(k), value]));
  return out;
}

/**
 * What each tag of the document groups (Redocly's `tag-description`); registry.test.ts checks that
 * every tag an operation uses is described here.
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'API keys': 'Keys that scripts and integrations send as `Authorization: Bearer`: listed, created and revoked by admins.',
  Admin:
    'Workspace administration, for admins: settings, branding images, single sign-on, the identify secret, email status, the outbox, import and export.',
  Audit: 'The audit log of the workspace, for admins.',
  Auth: 'Signing up, in and out: password, magic link, identify token, single sign-on, email confirmation and password reset.',
  Boards: 'The boards posts are filed on: listed as the caller may see them, created and changed by admins.',
  Changelog: 'Published changelog entries, and the signed-in reader’s email subscription to them.',
  'Changelog (team)': 'Writing the changelog: drafts, publishing, scheduling and labels, for the team.',
  Comments: 'Editing and deleting a comment (comments are listed and added under their post).',
  Docs: 'This document.',
  Inbox: 'The team’s inbox: posts waiting for approval or for a status.',
  Insights: 'Figures about the workspace’s activity, for admins.',
  Invitations: 'Inviting people by email, and the pending invitations: their links replaced or revoked; for admins.',
  Markdown: 'Previewing Markdown as the pages render it.',
  Me: 'The signed-in person: profile, email, password, language, data export, notifications and their preferences.',
  Members: 'The workspace’s people, for the team: roles, bans and email confirmation.',
  Mentions: 'People who may be mentioned with @ in a post or comment.',
  Posts: 'Feedback posts and what hangs on them: comments, votes, status, tags, merges, subscriptions.',
  Roadmap: 'Posts by roadmap column (the statuses shown on the roadmap).',
  Setup: 'The first run: the workspace and its first admin.',
  Statuses: 'The statuses a post can have, managed by admins.',
  Tags: 'The tags the team puts on posts.',
  Triage: 'The team’s triage list: filters, facets, bulk changes, priority weights and saved views.',
  Unsubscribe: 'One-click unsubscribe from notification emails (RFC 8058).',
  Webhooks: 'Endpoints that receive the workspace’s events, signed; their delivery attempts; for admins.',
  Widget: 'The embeddable widget’s session.',
  Workspace: 'The workspace’s public face: name, logo, colours and access.',
  attachments: 'Images uploaded for posts and comments, and their web-sized copies.',
  events: 'Live updates as server-sent events.',
  settings: 'The workspace’s logo and favicon images.',
};

/**
 * A path parameter's description, by the path segment before it and its name, where its zod
 * schema gives none: the same name means different things under different resources.
 */
const PATH_PARAMETER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'posts/{number}': 'The post’s number, as in /p/{number}; a `-slug` after it (as in the post’s link) is ignored.',
  'boards/{board}': 'The board’s slug.',
  'changelog/{slug}': 'The changelog entry’s slug.',
  'roadmap/{status}': 'The slug of a status shown as a roadmap column.',
  'branding/{asset}': 'Which image: `logo` or `favicon`.',
  'sso/{provider}': 'The single sign-on provider.',
  'deliveries/{delivery}': 'The id of one delivery of the webhook (as listed by its attempts).',
  'api-keys/{id}': 'The API key’s id.',
  'changelog/{id}': 'The changelog entry’s id.',
  'webhooks/{id}': 'The webhook endpoint’s id.',
  'attachments/{id}': 'The attachment’s id.',
  'branding/{id}': 'The id of an uploaded logo or favicon, as in the workspace’s logo and favicon URLs.',
  'comments/{id}': 'The comment’s id.',
  'notifications/{id}': 'The notification’s id.',
  'members/{id}': 'The member’s user id.',
  'invitations/{id}': 'The invitation’s id (as listed, and as answered when it was made).',
  'statuses/{id}': 'The status’s id.',
  'tags/{id}': 'The tag’s id.',
  'views/{id}': 'The saved triage view’s id.',
};

/** The description of path parameter `name` in `path`, undefined for a parameter the list above does not know. */
function pathParameterDescription(path: string, name: string): string | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${name}}`);
  return PATH_PARAMETER_DESCRIPTIONS[`${segments[at - 1]}/{${name}}`];
}

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

function tagOf(path: string): string {
  const seg = path.replace(/^\/api\/v1\/?/, '').split('/')[0] || 'api';
  return seg.charAt(0).toUpperCase() + seg.slice(1).replace(/\.json$/, '');
}

function operationId(method: Method, path: string): string {
  // `.json` is dropped (getOpenapi); another extension stays a word (getPostsNumberVotesCsv).
  const words = path
    .replace(/^\/api\/v1\/?/, '')
    .replace(/\.json$/, '')
    .split(/[/{}.-]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * The error codes an endpoint can answer: the pipeline's own, from its shape, plus its declared
 * ones. `path` is the documented path: a path parameter names something that may not exist, or
 * be hidden from the caller (SPEC.md §6), so such a path can answer NOT_FOUND.
 */
export function errorCodesOf(method: Method, ep: RouteHandler['endpoints'][Method] & object, path = ''): ErrorCode[] {
  const keysMayCall = ep.apiKey === 'key';
  const codes = new Set<ErrorCode>();
  // The pipeline reads a body on every method but GET (route.ts), whether or not the endpoint has a schema for one.
  if (method !== 'GET') ['INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].forEach((c) => codes.add(c as ErrorCode));
  if (pathParams(path).length > 0) codes.add('NOT_FOUND');
  // Also without a query schema: a query string holding a NUL is refused on every endpoint (route.ts).
  codes.add('VALIDATION_FAILED');
  // A bearer API key that is not valid is 401 on every endpoint (authenticate.ts), public ones too.
  codes.add('UNAUTHENTICATED');
  // The policy, a cross-site write (CSRF), or an API key on an endpoint keys may not call.
  if (ep.authorize !== anyone || method !== 'GET' || !keysMayCall) codes.add('FORBIDDEN');
  // Every request with an API key counts against the key's limit.
  if (ep.rateLimit || method !== 'GET' || keysMayCall) codes.add('RATE_LIMITED');
  for (const c of ep.errors ?? []) codes.add(c);
  codes.add('INTERNAL');
  return [...codes].sort((a, b) => ERROR_CATALOGUE[a].status - ERROR_CATALOGUE[b].status || a.localeCompare(b));
}

function parametersOf(path: string, query: ZodType | undefined): OpenApiParameter[] {
  const schema = query ? inputJsonSchema(query) : undefined;
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const inPath = pathParams(path);
  const params: OpenApiParameter[] = inPath.map((name) => {
    const { description, ...rest } = props[name] ?? { type: 'string' };
    const text = typeof description === 'string' ? description : pathParameterDescription(path, name);
    return { name, in: 'path', required: true, ...(text ? { description: text } : {}), schema: rest };
  });
  for (const [name, s] of Object.entries(props)) {
    if (inPath.includes(name)) continue;
    const { description, ...rest } = s;
    params.push({
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    });
  }
  return params;
}

function successOf(
  ep: NonNullable<RouteHandler['endpoints'][Method]>,
  components: Record<string, JsonSchema>,
): OpenApiOperation['responses'] {
  if (ep.produces) {
    const types: readonly string[] = typeof ep.produces === 'string' ? [ep.produces] : ep.produces;
    return {
      '2XX': {
        description: `Success: a ${types.join(' or ')} body, not JSON.`,
        content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string' } }])),
      },
    };
  }
  if (ep.response === null) return { '204': { description: 'Success: no content.' } };
  if (ep.response) {
    return { '2XX': { description: 'Success.', content: { 'application/json': { schema: outputJsonSchema(ep.response, components) } } } };
  }
  return { '2XX': { description: 'Success: a JSON body, or no content (204).' } };
}

/** What a request may carry: a file, a JSON body (or, for token-authenticated endpoints, a form), or nothing. */
function requestBodyOf(ep: NonNullable<RouteHandler['endpoints'][Method]>): OpenApiOperation['requestBody'] {
  if (ep.upload) {
    return {
      required: true,
      description: 'The file itself, as the whole body. Its type is recognised from its bytes, whatever the Content-Type says.',
      content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream', maxLength: ep.upload.maxBytes } } },
    };
  }
  if (!ep.body) return undefined;
  const schema = inputJsonSchema(ep.body);
  // An empty body reads as undefined (body.ts): the endpoint's schema decides whether one is needed.
  const required = !ep.body.safeParse(undefined).success;
  // A token-authenticated endpoint also reads a form (body.ts, readFormOrJsonBody): RFC 8058's
  // one-click unsubscribe posts `List-Unsubscribe=One-Click` as multipart/form-data or urlencoded.
  const forms: Record<string, { schema: JsonSchema }> = ep.tokenAuthenticated
    ? { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } }
    : {};
  return { required, content: { 'application/json': { schema }, ...forms } };
}

function operation(
  method: Method,
  path: string,
  ep: NonNullable<RouteHandler['endpoints'][Method]>,
  components: Record<string, JsonSchema>,
): OpenApiOperation {
  const open = ep.authorize === anyone;
  const codes = errorCodesOf(method, ep, path);
  const responses = successOf(ep, components);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of codes) byStatus.set(ERROR_CATALOGUE[c].status, [...(byStatus.get(ERROR_CATALOGUE[c].status) ?? []), c]);
  for (const [status, list] of byStatus) {
    responses[String(status)] = {
      description: list.map((c) => `${c}: ${ERROR_CATALOGUE[c].message}`).join(' '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      'x-error-codes': list,
    };
  }
  const parameters = parametersOf(path, ep.query);
  const requestBody = method === 'GET' ? undefined : requestBodyOf(ep);
  return {
    operationId: operationId(method, path),
    ...(ep.summary ? { summary: ep.summary } : {}),
    ...(ep.description ? { description: ep.description } : {}),
    tags: ep.tags ?? [tagOf(path)],
    // Anyone: a credential is optional (an empty requirement); otherwise one is needed. API keys
    // only where the endpoint lets them (its `apiKey`).
    security: [...(open ? [{}] : []), { cookieAuth: [] }, ...(ep.apiKey === 'key' ? [{ bearerAuth: [] }] : [])],
    ...(ep.apiKey === 'key' ? { 'x-api-key-scopes': method === 'GET' ? ['read', 'write', 'admin'] : ['write', 'admin'] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-authorize': policyName(ep.authorize),
    ...(ep.openToVisitors ? { 'x-open-to-visitors': true } : {}),
    ...(ep.rateLimit ? { 'x-rate-limit': { limit: ep.rateLimit.limit, windowSeconds: ep.rateLimit.windowSeconds } } : {}),
  };
}

export function buildOpenApiDocument(routes: readonly RouteHandler[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const responseSchemas: Record<string, JsonSchema> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const { path } = route;
    const item: OpenApiDocument['paths'][string] = {};
    for (const method of METHOD_ORDER) {
      const ep = route.endpoints[method];
      if (!ep) continue;
      const op = operation(method, path, ep, responseSchemas);
      op.tags.forEach((t) => tags.add(t));
      item[method.toLowerCase() as Lowercase<Method>] = op;
    }
    paths[path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chorus API',
      version: '1',
      description:
        'The REST API of Chorus. Every request and error is JSON. A request is authenticated by the session ' +
        'cookie that signing in sets (POST /api/v1/auth/sign-in), or by an API key that an admin creates at ' +
        '/admin/api-keys, sent as `Authorization: Bearer <key>` (then cookies are ignored). A request with ' +
        'neither is a visitor. A key acts as its creator with its scope’s role (read: GET only; write: a ' +
        'moderator; admin: an admin; never above its creator), is limited to 600 requests a minute, and cannot ' +
        'call account endpoints (their operations do not list bearerAuth). State-changing requests from a ' +
        'browser session must be same-origin. Lists use cursor pagination (`cursor`, `limit` ≤ 100). Errors ' +
        'have the shape of the `Error` schema.',
      // As package.json declares (registry.test.ts holds them equal).
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      schemas: {
        ...Object.fromEntries(Object.entries(responseSchemas).sort(([a], [b]) => a.localeCompare(b))),
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'requestId'],
              properties: {
                code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
                message: { type: 'string', description: 'A human message in English; never internal details.' },
                reason: {
                  type: 'string',
                  enum: [...ERROR_REASONS],
                  description: 'Only when the message was written for one case: a stable key for it (docs/api.md, "Error reasons").',
                },
                fields: {
                  type: 'object',
                  additionalProperties: { type: 'string' },
                  description: 'VALIDATION_FAILED only: a message per invalid field (query fields are prefixed `query.`).',
                },
                requestId: { type: 'string', description: 'Also in the x-request-id header; quote it when reporting a problem.' },
              },
            },
          },
        },
      },
      securitySchemes: {
        // Only what authenticate (./authenticate.ts) reads: registry.test.ts signs a request in through each scheme.
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'chorus_session',
          description: 'The session cookie set by sign-in (`__Host-chorus_session` over https).',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'chorus_<8 characters>_<40 characters>',
          description:
            'An API key created by an admin at /admin/api-keys, as `Authorization: Bearer chorus_…`. Scopes: read (GET only, ' +
            'what a moderator can see), write (a moderator), admin (an admin); never more than the key’s creator. 600 ' +
            'requests a minute per key (429 with Retry-After). An unknown or revoked key is 401.',
        },
      },
    },
  };
}
