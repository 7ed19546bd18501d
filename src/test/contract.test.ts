/** The contract validator fails what it must: each kind of call or answer the document does not allow. */
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@/server/http/openapi';
import { createContractValidator, type Exchange } from './contract';

const errorResponse = (codes: string[]) => ({
  description: codes.join(' '),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  'x-error-codes': codes,
});

const doc = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/posts/{number}': {
      get: {
        operationId: 'getPost',
        parameters: [
          { name: 'number', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } },
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
        ],
        responses: {
          '2XX': { description: 'Success.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Post' } } } },
          '404': errorResponse(['NOT_FOUND']),
        },
      },
      put: {
        operationId: 'putPost',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1 } } },
            },
          },
        },
        responses: { '204': { description: 'No content.' } },
      },
    },
    '/api/v1/posts/similar': {
      get: {
        operationId: 'getSimilar',
        responses: { '2XX': { description: 'Success.', content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Post: {
        type: 'object',
        required: ['number', 'createdAt'],
        properties: { number: { type: 'integer' }, createdAt: { type: 'string', format: 'date-time' } },
        additionalProperties: false,
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
    securitySchemes: {},
  },
} as unknown as OpenApiDocument;

const validator = createContractValidator(doc);
const json = { 'content-type': 'application/json; charset=utf-8' };
const get = (url: string, status: number, body: unknown): Exchange => ({
  method: 'GET',
  url,
  status,
  responseHeaders: json,
  responseText: JSON.stringify(body),
});
const parts = (x: Exchange) => validator.check(x).map((v) => v.part);

describe('the contract validator', () => {
  it('passes a call and answer the document allows, success and documented error', () => {
    expect(validator.check(get('/api/v1/posts/12?limit=20', 200, { number: 12, createdAt: '2026-11-20T09:14:03.089Z' }))).toEqual([]);
    expect(validator.check(get('/api/v1/posts/12', 404, { error: { code: 'NOT_FOUND', message: 'Gone.' } }))).toEqual([]);
    const put = {
      method: 'PUT',
      url: '/api/v1/posts/3',
      requestHeaders: json,
      requestBody: '{"title":"Dark mode"}',
      status: 204,
      responseHeaders: {},
      responseText: '',
    };
    expect(validator.check(put)).toEqual([]);
    expect(validator.check({ ...put, requestHeaders: { 'content-type': 'application/merge-patch+json' } })).toEqual([]);
    // A static segment wins over a parameter, as in routing: /similar is its own operation.
    expect(
      validator.check({ ...get('/api/v1/posts/similar', 200, null), responseHeaders: { 'content-type': 'text/csv' }, responseText: 'a,b' }),
    ).toEqual([]);
  });

  it('fails an answer whose body the schema refuses: a missing field, a wrong type, an extra key, a bad date', () => {
    expect(parts(get('/api/v1/posts/12', 200, { number: 12 }))).toEqual(['response']);
    expect(parts(get('/api/v1/posts/12', 200, { number: '12', createdAt: '2026-11-20T09:14:03.089Z' }))).toEqual(['response']);
    expect(parts(get('/api/v1/posts/12', 200, { number: 12, createdAt: '2026-11-20T09:14:03.089Z', secret: 1 }))).toEqual(['response']);
    expect(parts(get('/api/v1/posts/12', 200, { number: 12, createdAt: 'yesterday' }))).toEqual(['response']);
    expect(validator.check(get('/api/v1/posts/12', 200, { number: 12 }))[0]!.message).toMatch(/createdAt/);
  });

  it('fails an undocumented status, an error body not in the Error shape, and an undocumented error code', () => {
    expect(validator.check(get('/api/v1/posts/12', 409, { error: { code: 'CONFLICT', message: 'Taken.' } }))).toEqual([
      { operation: 'GET /api/v1/posts/{number}', part: 'status', message: expect.stringMatching(/^409 is not documented/) },
    ]);
    expect(parts(get('/api/v1/posts/12', 404, { message: 'not found' }))).toEqual(['response']);
    expect(parts(get('/api/v1/posts/12', 404, { error: { code: 'GONE', message: 'Gone.' } }))).toEqual(['response']);
  });

  it('fails a media type the response does not document, and a body on a 204', () => {
    expect(parts({ ...get('/api/v1/posts/12', 200, {}), responseHeaders: { 'content-type': 'text/html' } })).toEqual(['response']);
    const put = {
      method: 'PUT',
      url: '/api/v1/posts/3',
      requestHeaders: json,
      requestBody: '{"title":"x"}',
      status: 204,
      responseHeaders: {},
      responseText: '{}',
    };
    expect(parts(put)).toEqual(['response']);
  });

  it('fails requests the document refuses: parameters, a missing or wrong body, an unknown operation', () => {
    expect(parts(get('/api/v1/posts/twelve', 200, { number: 12, createdAt: '2026-11-20T09:14:03.089Z' }))).toEqual(['path']);
    expect(parts(get('/api/v1/posts/12?limit=500', 200, { number: 12, createdAt: '2026-11-20T09:14:03.089Z' }))).toEqual(['query']);
    const put = { method: 'PUT', url: '/api/v1/posts/3', status: 204, responseHeaders: {}, responseText: '' };
    expect(parts(put)).toEqual(['body']);
    expect(parts({ ...put, requestHeaders: json, requestBody: '{"title":""}' })).toEqual(['body']);
    expect(parts({ ...put, requestHeaders: { 'content-type': 'text/plain' }, requestBody: 'title' })).toEqual(['body']);
    expect(parts({ ...get('/api/v1/posts/12', 200, {}), method: 'DELETE' })).toEqual(['operation']);
    expect(parts(get('/api/v1/boards', 200, {}))).toEqual(['operation']);
  });
});
