import { describe, expect, it } from 'vitest';
import { isStorableText, storableQuery, unstorableTextFields, UNSTORABLE_TEXT_MESSAGE as M } from './storable-text';

describe('isStorableText: what PostgreSQL keeps in text and jsonb', () => {
  it.each([
    ['plain text', 'Dark mode'],
    ['the empty string', ''],
    ['other control characters', 'a\u0001\u001f\u007fb'],
    ['a surrogate pair (an emoji)', 'ship it \ud83d\ude80'],
    ['U+FFFD and non-characters', '\ufffd\uffff'],
  ])('accepts %s', (_label, s) => {
    expect(isStorableText(s)).toBe(true);
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a NUL alone', '\u0000'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a high surrogate at the end', 'a\ud83d'],
    ['a lone low surrogate', '\ude80a'],
    ['two high surrogates', '\ud83d\ud83d\ude80'],
  ])('refuses %s', (_label, s) => {
    expect(isStorableText(s)).toBe(false);
  });
});

describe('unstorableTextFields: every string of a request, named like the pipeline names fields', () => {
  it('finds nothing in storable values and non-strings', () => {
    expect(unstorableTextFields({ a: 'x', b: [1, true, null, { c: 'y' }] })).toEqual({});
    expect(unstorableTextFields(undefined)).toEqual({});
    expect(unstorableTextFields(42)).toEqual({});
  });

  it('names nested values, array items and keys, with the prefix', () => {
    const value = { title: 'a\u0000', tags: ['ok', 'b\u0000'], nested: { deeper: [{ note: '\ud800' }] }, ['k\u0000']: 'fine' };
    expect(unstorableTextFields(value, 'query.')).toEqual({
      'query.title': M,
      'query.tags.1': M,
      'query.nested.deeper.0.note': M,
      'query.k\u0000': M,
    });
  });

  it('names a bare string "_", as the pipeline names a whole-body issue', () => {
    expect(unstorableTextFields('\u0000')).toEqual({ _: M });
  });

  it('walks a very deep body without exhausting the stack', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    const fields = unstorableTextFields(deep);
    expect(Object.keys(fields)).toHaveLength(1);
    expect(Object.keys(fields)[0]).toBe(Array(depth).fill('0').join('.'));
  });

  it('names at most 20 fields', () => {
    expect(Object.keys(unstorableTextFields(Array(1000).fill('\u0000')))).toHaveLength(20);
  });
});

describe('storableQuery: page parameters PostgreSQL refuses read as absent', () => {
  it('drops those values and keys, and keeps the rest', () => {
    expect(storableQuery({ q: 'a\u0000', sort: 'new', tag: ['x', '\u0000'], cursor: ['\u0000'], ['b\u0000']: 'y' })).toEqual({
      sort: 'new',
      tag: ['x'],
    });
  });
});
