import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { openApiRoute } from '@/features/docs/server/handlers';
import { API_ROUTES } from './api-registry';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';
import type { Method } from './route';

useTestDatabase();

const API_DIR = path.resolve('src/pages/api/v1');

/** src/pages/api/v1/members/[id]/ban.ts → /api/v1/members/{id}/ban */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}
const apiPathOf = (file: string) =>
  '/api/v1/' +
  path
    .relative(API_DIR, file)
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[([^\]]+)\]/g, '{$1}');

describe('the API registry', () => {
  const files = filesUnder(API_DIR);

  it('lists every file under src/pages/api/v1, with the route that file serves', async () => {
    const registered = new Map(API_ROUTES.map((e) => [e.path.replace(/\/$/, ''), e.route]));
    for (const file of files) {
      const apiPath = apiPathOf(file).replace(/\/$/, '');
      expect(registered.has(apiPath), `${path.relative('.', file)} is not in src/server/http/api-registry.ts (as '${apiPath}')`).toBe(true);
      const mod = (await import(/* @vite-ignore */ file)) as { default: unknown };
      expect(mod.default, `${apiPath}: the registry names another route than the file serves`).toBe(registered.get(apiPath));
    }
    expect(API_ROUTES).toHaveLength(files.length);
  });
});

describe('the OpenAPI document', () => {
  const doc: OpenApiDocument = buildOpenApiDocument(API_ROUTES);

  it('is OpenAPI 3.1 with every registered path and the error and security components', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(API_ROUTES.map((e) => e.path).sort());
    expect(doc.components.schemas.Error).toBeDefined();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
  });

  it('describes each endpoint from its own schemas: body, path and query parameters, errors', () => {
    const ids = new Set<string>();
    for (const { path: p, route } of API_ROUTES) {
      for (const [method, ep] of Object.entries(route.endpoints) as [Method, NonNullable<(typeof route.endpoints)[Method]>][]) {
        const op = doc.paths[p]![method.toLowerCase() as Lowercase<Method>]!;
        expect(op, `${method} ${p}`).toBeDefined();
        expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
        ids.add(op.operationId);
        if (ep.body) expect(op.requestBody?.content['application/json'].schema, `${method} ${p} body`).toMatchObject({ type: 'object' });
        else expect(op.requestBody).toBeUndefined();
        for (const name of [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
          expect(op.parameters?.find((x) => x.in === 'path' && x.name === name), `${method} ${p} path param ${name}`).toMatchObject({ required: true });
        }
        expect(op.responses['500']?.['x-error-codes']).toContain('INTERNAL');
        if (ep.body) expect(op.responses['422']?.['x-error-codes']).toContain('VALIDATION_FAILED');
        expect(op['x-authorize']).toMatch(/\w/);
      }
    }
  });

  it('reads the input side of schemas with transforms (the setup email, lower-cased on parse)', () => {
    const body = doc.paths['/api/v1/setup']!.post!.requestBody!.content['application/json'].schema as { properties: Record<string, { type?: string; minLength?: number }>; required: string[] };
    expect(body.properties.email?.type).toBe('string');
    expect(body.properties.password).toMatchObject({ type: 'string', minLength: 10 });
    expect(body.required).toEqual(expect.arrayContaining(['workspaceName', 'displayName', 'email', 'password']));
    expect(body.required).not.toContain('demoData');
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
