/**
 * Every /api/v1 route, for the OpenAPI document, and the route that serves that document. The
 * list is read from the files under src/pages/api/v1 (./routes.ts, written by
 * `npm run api:routes`); each route declares its own path. The document's own route lives in this
 * module, so that listing every route, itself included, needs no import cycle.
 */
import { z } from 'zod';
import { anyone } from '@/core/identity/policy';
import { buildOpenApiDocument, type OpenApiDocument } from '@/server/http/openapi';
import { endpoint, json, route, type OperationKey } from '@/server/http/route';
import { API_EXAMPLES } from './examples';
import { withExamples } from './examples/openapi';
import { PAGE_ROUTES } from './routes';

let document: OpenApiDocument | undefined;

/** The document of every registered route, with each operation's example, built once per process. */
export function openApiDocument(): OpenApiDocument {
  document ??= withExamples(buildOpenApiDocument(API_ROUTES), API_EXAMPLES);
  return document;
}

/**
 * The document's own answer, loosely: its required top-level parts, each open to what OpenAPI 3.1
 * allows there. Paths, operations and schemas are data here, not fields this schema could name.
 */
const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))),
  components: z.looseObject({}).optional(),
});

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document (public: it describes the API, not its data). */
export const openApiRoute = route('/api/v1/openapi.json', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    openToVisitors: true,
    summary: 'Get the OpenAPI document',
    description:
      'The OpenAPI 3.1 document of this API: every operation under /api/v1, who may call it, its parameters, request body, ' +
      'success answer, errors and examples. Public, even where the workspace requires sign-in; cached for five minutes.',
    tags: ['Docs'],
    response: openApiDocumentSchema,
    handle: () => json(openApiDocument(), 200, { 'cache-control': 'public, max-age=300' }),
  }),
});

export const API_ROUTES = [...PAGE_ROUTES, openApiRoute] as const;

/** Every operation of the API, `GET /api/v1/posts`: the examples are checked against these. */
export type ApiOperationKey = OperationKey<(typeof API_ROUTES)[number]>;
