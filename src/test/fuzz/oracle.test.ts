/** The fuzzer's judge fails what it must: a clean answer passes, each kind of bad answer does not. */
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@/server/http/openapi';
import { createContractValidator } from '../contract';
import type { Answer } from './dispatch';
import { checkAnswer, type Expectations } from './oracle';
import type { FuzzRequest, Operation } from './requests';

const operation = {
  id: 'getPostsNumber',
  method: 'GET',
  path: '/api/v1/posts/{number}',
  methods: ['GET'],
  op: { responses: { '404': { description: '', 'x-error-codes': ['NOT_FOUND'] } } },
} as unknown as Operation;

const request: FuzzRequest = { role: 'member', method: 'GET', url: '/api/v1/posts/1', headers: {} };
const expectations: Expectations = {
  operations: [operation],
  hidden: new Map([['internal note', 'ZQINTERNALNOTE1']]),
  secrets: new Map([['session token', 'tok-secret']]),
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1', ...headers },
  text: JSON.stringify(body),
});
const kinds = (answer: Answer, req: FuzzRequest = request) => checkAnswer(req, answer, expectations).map((p) => p.kind);

describe('checkAnswer', () => {
  it('passes a JSON success and a documented error in the catalogue shape', () => {
    expect(kinds(json(200, { number: 1, title: 'Dark mode' }))).toEqual([]);
    expect(kinds(json(404, { error: { code: 'NOT_FOUND', message: 'We could not find that.', requestId: 'r1' } }))).toEqual([]);
    expect(kinds({ status: 204, headers: {}, text: '' })).toEqual([]);
  });

  it('fails a 5xx, whatever its shape', () => {
    expect(kinds(json(500, { error: { code: 'INTERNAL', message: 'Something went wrong.', requestId: 'r1' } }))).toContain('5xx');
  });

  it('fails a non-JSON answer, a wrong shape, a code of another status, a stray requestId and an undocumented code', () => {
    expect(kinds({ status: 404, headers: { 'content-type': 'text/html' }, text: '<h1>404</h1>' })).toEqual(['shape']);
    expect(kinds(json(404, { message: 'not found' }))).toEqual(['shape']);
    expect(kinds(json(404, { error: { code: 'CONFLICT', message: 'Taken.', requestId: 'r1' } }))).toContain('shape');
    expect(kinds(json(404, { error: { code: 'NOT_FOUND', message: 'Gone.', requestId: 'other' } }))).toEqual(['shape']);
    expect(kinds(json(409, { error: { code: 'CONFLICT', message: 'Taken.', requestId: 'r1' } }))).toEqual(['shape']);
    expect(
      kinds(json(405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'No.', requestId: 'r1' } }), { ...request, method: 'POST' }),
    ).toEqual(
      ['shape'], // no Allow header
    );
  });

  it('fails a success with an error body, and a body on 204 or HEAD', () => {
    expect(kinds(json(200, { error: { code: 'NOT_FOUND', message: 'x', requestId: 'r1' } }))).toEqual(['shape']);
    expect(kinds({ status: 204, headers: {}, text: '{}' })).toEqual(['shape']);
    expect(kinds(json(200, { a: 1 }), { ...request, method: 'HEAD' })).toEqual(['shape']);
  });

  it('fails a success the document does not allow (a contract violation), and only a success', () => {
    const doc = {
      paths: {
        '/api/v1/posts/{number}': {
          get: {
            responses: {
              '2XX': {
                description: 'Success.',
                content: {
                  'application/json': { schema: { type: 'object', required: ['number'], properties: { number: { type: 'integer' } } } },
                },
              },
              '404': operation.op.responses['404'],
            },
          },
        },
      },
      components: { schemas: { Error: { type: 'object' } } },
    } as unknown as OpenApiDocument;
    const withContract = { ...expectations, contract: createContractValidator(doc) };
    const check = (answer: Answer) => checkAnswer(request, answer, withContract).map((p) => p.kind);
    expect(check(json(200, { number: 1 }))).toEqual([]);
    expect(check(json(200, { number: 'one' }))).toEqual(['contract']);
    expect(check(json(201, { title: 'Dark mode' }))).toEqual(['contract']);
    expect(check(json(404, { error: { code: 'NOT_FOUND', message: 'We could not find that.', requestId: 'r1' } }))).toEqual([]);
  });

  it('fails a marker hidden from the role, a secret, a stack trace and a database error', () => {
    expect(kinds(json(200, { comments: [{ body: 'see ZQINTERNALNOTE1' }] }))).toEqual(['leak']);
    expect(kinds(json(200, { token: 'tok-secret' }))).toEqual(['leak']);
    expect(kinds(json(200, { detail: 'Error: x\n    at handle (/app/src/server/http/route.ts:12:3)' }))).toContain('leak');
    expect(kinds(json(200, { detail: 'duplicate key value violates unique constraint "users_email_key"' }))).toEqual(['leak']);
  });
});
