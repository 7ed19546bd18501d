import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { inboxRoute } from '@/features/moderation/server/handlers';
import { db } from '@/server/db/client';
import { apiKeys } from '@/server/db/schema';
import { newApiKey } from '@/server/identity/api-keys';
import { openApiDocument, openApiRoute } from '@/composition/api/registry';
import { parameterValue } from './examples/openapi';
import { createTestActor } from '@/test/actors';
import { API_ROUTES } from './registry';
import { z } from 'zod';
import { buildOpenApiDocument, outputJsonSchema, type OpenApiDocument } from '@/server/http/openapi';

type JsonSchemaObject = Record<string, unknown>;
import type { Method, RouteHandler } from '@/server/http/route';

useTestDatabase();

const API_DIR = path.resolve('src/pages/api/v1');
const ROUTES_MODULE = path.resolve('src/composition/api/routes.ts');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

type RoutesScript = { routesModule: () => Promise<string>; apiPathOf: (file: string) => string };
// @ts-expect-error: a plain script without types
const script = () => import('../../../scripts/api-routes.mjs') as Promise<RoutesScript>;

describe('the API registry', () => {
  const files = filesUnder(API_DIR);

  it('is the list the files under src/pages/api/v1 make (src/composition/api/routes.ts is current)', async () => {
    const { routesModule } = await script();
    expect(readFileSync(ROUTES_MODULE, 'utf8'), 'run npm run api:routes').toBe(await routesModule());
  });

  it('holds the route each file under src/pages/api/v1 serves, and that route declares the file’s path', async () => {
    const { apiPathOf } = await script();
    expect(apiPathOf(path.join(API_DIR, 'members/[id]/ban.ts'))).toBe('/api/v1/members/{id}/ban');
    expect(apiPathOf(path.join(API_DIR, 'admin/api-keys/index.ts'))).toBe('/api/v1/admin/api-keys');
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ file)) as { default: RouteHandler };
      expect(API_ROUTES, `${path.relative('.', file)}: run npm run api:routes`).toContain(mod.default);
      expect(mod.default.path, `${path.relative('.', file)} serves a route that declares another path`).toBe(apiPathOf(file));
    }
    expect(API_ROUTES).toHaveLength(files.length);
    expect(new Set(API_ROUTES.map((r) => r.path)).size).toBe(API_ROUTES.length);
  });
});

describe('the OpenAPI document', () => {
  const doc: OpenApiDocument = buildOpenApiDocument(API_ROUTES);

  it('is OpenAPI 3.1 with every registered path and the error and security components', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(API_ROUTES.map((r) => r.path).sort());
    expect(doc.components.schemas.Error).toBeDefined();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['cookieAuth', 'bearerAuth']);
  });

  it('declares only security schemes a request can satisfy: a live session or API key sent each way is signed in', async () => {
    const actor = await createTestActor('moderator');
    const token = actor.cookie.slice(actor.cookie.indexOf('=') + 1);
    const key = newApiKey();
    await db()
      .insert(apiKeys)
      .values({ name: 'OpenAPI', scope: 'read', prefix: key.prefix, secretHash: key.secretHash, createdById: actor.id });
    /** The request headers that present a credential the way a scheme says; null when nothing Chorus issues fits it. */
    const present = (scheme: Record<string, unknown>): Record<string, string> | null => {
      if (scheme.type === 'apiKey' && scheme.in === 'cookie') return { cookie: `${String(scheme.name)}=${token}` };
      if (scheme.type === 'apiKey' && scheme.in === 'header') return { [String(scheme.name)]: token };
      if (scheme.type === 'http' && scheme.scheme === 'bearer') return { authorization: `Bearer ${key.key}` };
      return null;
    };
    for (const [name, scheme] of Object.entries(doc.components.securitySchemes)) {
      const headers = present(scheme);
      expect(headers, `${name}: no credential fits this scheme`).not.toBeNull();
      // The team inbox: 401 to visitors, 200 to a moderator's session and to a key of theirs.
      const res = await callRoute(inboxRoute, { path: '/api/v1/inbox', headers: headers! });
      expect(res.status, `${name}: a request sending a live credential this way is not signed in`).toBe(200);
    }
    // Every requirement names a declared scheme, and nothing mentions a credential there is not.
    const declared = new Set(Object.keys(doc.components.securitySchemes));
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item))
        for (const req of op.security) for (const key of Object.keys(req)) expect(declared.has(key), key).toBe(true);
    }
    // Keys are offered exactly where the endpoint lets them call.
    for (const route of API_ROUTES) {
      for (const [method, ep] of Object.entries(route.endpoints) as [Method, NonNullable<(typeof route.endpoints)[Method]>][]) {
        const op = doc.paths[route.path]![method.toLowerCase() as Lowercase<Method>]!;
        expect(
          op.security.some((r) => 'bearerAuth' in r),
          `${method} ${route.path}`,
        ).toBe(ep.apiKey === 'key');
      }
    }
  });

  it('describes each endpoint from its own schemas: body, path and query parameters, errors', () => {
    const ids = new Set<string>();
    for (const route of API_ROUTES) {
      const p = route.path;
      for (const [method, ep] of Object.entries(route.endpoints) as [Method, NonNullable<(typeof route.endpoints)[Method]>][]) {
        const op = doc.paths[p]![method.toLowerCase() as Lowercase<Method>]!;
        expect(op, `${method} ${p}`).toBeDefined();
        expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
        ids.add(op.operationId);
        if (ep.body) expect(op.requestBody?.content['application/json']?.schema, `${method} ${p} body`).toMatchObject({ type: 'object' });
        else if (ep.upload) expect(op.requestBody?.content['*/*'], `${method} ${p} file body`).toBeDefined();
        else expect(op.requestBody).toBeUndefined();
        for (const name of [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
          expect(
            op.parameters?.find((x) => x.in === 'path' && x.name === name),
            `${method} ${p} path param ${name}`,
          ).toMatchObject({ required: true, description: expect.stringMatching(/\w/) });
        }
        expect(op.responses['500']?.['x-error-codes']).toContain('INTERNAL');
        if (ep.body) expect(op.responses['422']?.['x-error-codes']).toContain('VALIDATION_FAILED');
        expect(op['x-authorize']).toMatch(/\w/);
      }
    }
  });

  it('reads the input side of schemas with transforms (the setup email, lower-cased on parse)', () => {
    const body = doc.paths['/api/v1/setup']!.post!.requestBody!.content['application/json']!.schema as {
      properties: Record<string, { type?: string; minLength?: number }>;
      required: string[];
    };
    expect(body.properties.email?.type).toBe('string');
    expect(body.properties.password).toMatchObject({ type: 'string', minLength: 10 });
    expect(body.required).toEqual(expect.arrayContaining(['workspaceName', 'displayName', 'email', 'password']));
    expect(body.required).not.toContain('demoData');
  });

  it('documents a success that is not JSON by its media type (the voters CSV)', () => {
    const op = doc.paths['/api/v1/posts/{number}/votes.csv']!.get!;
    expect(op.operationId).toBe('getPostsNumberVotesCsv');
    expect(op['x-authorize']).toBe('canModerate');
    expect(Object.keys(op.responses['2XX']!.content ?? {})).toEqual(['text/csv']);
    expect(op.description).toMatch(/CSV file, not JSON/);
    // The others answer JSON, with the schema their endpoint declares.
    expect(doc.paths['/api/v1/posts/{number}/votes']!.get!.responses['2XX']!.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['items', 'nextCursor', 'voteCount']),
    });
  });

  it('needs a body only where the endpoint’s schema refuses none; takes RFC 8058’s form where a token authenticates', () => {
    for (const route of API_ROUTES) {
      for (const [method, ep] of Object.entries(route.endpoints) as [Method, NonNullable<(typeof route.endpoints)[Method]>][]) {
        const body = doc.paths[route.path]![method.toLowerCase() as Lowercase<Method>]!.requestBody;
        if (ep.body && method !== 'GET') expect(body?.required, `${method} ${route.path}`).toBe(!ep.body.safeParse(undefined).success);
      }
    }
    // A vote sends no body (an API key's onBehalfOf is the only field).
    expect(doc.paths['/api/v1/posts/{number}/vote']!.put!.requestBody!.required).toBe(false);
    const unsubscribe = doc.paths['/api/v1/unsubscribe']!.post!.requestBody!;
    expect(unsubscribe.required).toBe(false);
    expect(Object.keys(unsubscribe.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(doc.paths['/api/v1/posts']!.post!.requestBody!.required).toBe(true);
  });

  it('describes every tag it uses, and states the licence package.json declares', () => {
    expect(doc.tags.length).toBeGreaterThan(10);
    for (const tag of doc.tags) expect(tag.description, `tag ${tag.name}: add it to TAG_DESCRIPTIONS (openapi.ts)`).toMatch(/\w/);
    const used = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags)));
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...used].sort());
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { license: string };
    expect(doc.info.license.identifier).toBe(pkg.license);
  });

  it('names the keys of a record keyed by an enum as properties (what generators and Redocly read)', () => {
    const schema = outputJsonSchema(z.object({ uris: z.record(z.enum(['oidc', 'github']), z.string()) }), {});
    expect((schema.properties as Record<string, JsonSchemaObject>).uris).toMatchObject({
      required: ['oidc', 'github'],
      properties: { oidc: { type: 'string' }, github: { type: 'string' } },
      additionalProperties: { type: 'string' },
    });
  });

  it('types parameter examples as their schema does (an integer limit is 20, not "20")', () => {
    const full = openApiDocument();
    let integers = 0;
    for (const [p, item] of Object.entries(full.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const param of op.parameters ?? []) {
          if (param.example === undefined) continue;
          const type = param.schema.type;
          if (type === 'integer') integers++;
          expect(typeof param.example, `${method} ${p} ${param.name}`).toBe(type === 'integer' || type === 'number' ? 'number' : 'string');
        }
      }
    }
    expect(integers).toBeGreaterThan(10);
    expect(parameterValue('20', { type: 'integer' })).toBe(20);
    expect(parameterValue('true', { type: ['boolean', 'null'] })).toBe(true);
    expect(parameterValue('12-slug', { type: 'string' })).toBe('12-slug');
    expect(parameterValue('', { type: 'integer' })).toBe('');
  });

  it('marks an admin-only endpoint as needing credentials and a public one as optional', () => {
    expect(doc.paths['/api/v1/admin/settings']!.get!.security).not.toContainEqual({});
    expect(doc.paths['/api/v1/admin/settings']!.get!['x-authorize']).toBe('canAdminister');
    expect(doc.paths['/api/v1/openapi.json']!.get!.security).toContainEqual({});
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('answers the document to a visitor', async () => {
    const res = await callRoute<OpenApiDocument & Record<string, unknown>>(openApiRoute);
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.paths['/api/v1/openapi.json']).toBeDefined();
    expect(res.headers.get('cache-control')).toContain('max-age');
  });
});
