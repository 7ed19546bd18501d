import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseMismatch } from './response-contract';

const post = z.object({ number: z.number().int(), title: z.string(), createdAt: z.string(), board: z.object({ slug: z.string() }) });

describe('an answer held to its declared response', () => {
  const good = { number: 1, title: 'Dark mode', createdAt: new Date('2026-11-01T00:00:00Z'), board: { slug: 'ideas' } };

  it('matches as it goes on the wire: a date is its ISO string', () => {
    expect(responseMismatch(post, { status: 200, body: good })).toBeUndefined();
  });

  it('names a missing field, a wrong type, and a field the schema does not name', () => {
    expect(responseMismatch(post, { status: 200, body: { ...good, title: undefined } })).toMatch(/^title:/);
    expect(responseMismatch(post, { status: 201, body: { ...good, number: '1' } })).toMatch(/^number:/);
    expect(responseMismatch(post, { status: 200, body: { ...good, board: { slug: 'ideas', secret: 'x' } } })).toBe(
      'board.secret: not in the declared schema',
    );
    expect(responseMismatch(z.array(post), { status: 200, body: [good, { ...good, extra: 1 }] })).toBe(
      '1.extra: not in the declared schema',
    );
  });

  it('holds a declared 204 to no body, and a declared body to one', () => {
    expect(responseMismatch(null, { status: 204 })).toBeUndefined();
    expect(responseMismatch(null, { status: 200, body: { ok: true } })).toMatch(/no content/);
    expect(responseMismatch(post, { status: 204 })).toMatch(/answered none/);
  });

  it('leaves errors, files and undeclared endpoints alone', () => {
    expect(responseMismatch(post, { status: 404, body: { error: {} } })).toBeUndefined();
    expect(responseMismatch(post, { status: 200, raw: Buffer.from('png') })).toBeUndefined();
    expect(responseMismatch(undefined, { status: 200, body: { anything: 1 } })).toBeUndefined();
  });
});
