/**
 * fast-check arbitraries derived from the JSON Schemas of the OpenAPI document (the input side
 * of the zod schemas that validate requests), mixed with boundary values, values the fixture
 * knows (real ids, slugs, post numbers) and hostile values (wrong types, huge strings, unicode,
 * NUL, lone surrogates, negative and huge numbers). Test-only.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/** Values that exist in the fixture, by the name of the field or parameter that takes them. */
export type KnownValues = Record<string, readonly (string | number)[]>;

const MAX_GENERATED_LENGTH = 300;

/** Strings chosen to break parsers, validators, SQL and rendering. */
const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  '99999999999999999999',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%',
  '%00',
  '%zz',
  "'; drop table posts; --",
  "' or '1'='1",
  '$1',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '[x](javascript:alert(1))',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202eevil',
  '\ufeffbom',
  '\u200b',
  'e\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚀',
  '👩‍👩‍👧‍👦'.repeat(20),
  'مرحبا بالعالم',
  '日本語のテキスト',
  '\r\n\r\n',
  '\t\v\f',
  '   padded   ',
  '#zzzzzz',
  '#FFFFFF',
  '2024-02-30',
  '0000-00-00T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'a@b',
  'UPPER@EXAMPLE.TEST',
  '@example.test',
  'x'.repeat(61),
  'x'.repeat(255),
  'y'.repeat(5001),
  'z'.repeat(10_001),
  '*'.repeat(50_001),
  '> '.repeat(5000),
  '['.repeat(3000),
  '*_'.repeat(3000),
];

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -2.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s.repeat(200)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value at all, small or strange: what a confused or hostile client sends. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);

const schemaType = (s: JsonSchema) => s.type as string | undefined;
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

function stringArbitrary(s: JsonSchema, name: string): fc.Arbitrary<string> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as string[]));
  const min = num(s.minLength) ?? 0;
  const max = num(s.maxLength);
  const cap = Math.min(max ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH);
  const fit = (v: string) => (max !== undefined && v.length > max ? v.slice(0, max) : v);
  const boundaries = [
    'a'.repeat(min),
    'a'.repeat(Math.min(max ?? min + 1, 100_000)),
    ...(max !== undefined ? ['b'.repeat(max + 1)] : []),
    ...(min > 0 ? ['c'.repeat(min - 1)] : []),
  ];
  let main: fc.Arbitrary<string>;
  if (s.format === 'uuid') main = fc.uuid();
  else if (s.format === 'date-time')
    main = fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(Date.UTC(2100, 0)) }).map((d) => d.toISOString());
  else if (/email/i.test(name))
    main = fc.oneof(
      fc.emailAddress().map(fit),
      fc.uuid().map((u) => `fuzz-${u.slice(0, 8)}@example.test`),
    );
  else if (typeof s.pattern === 'string') main = fc.stringMatching(new RegExp(s.pattern as string)).map(fit);
  else
    main = fc.oneof(
      fc.string({ minLength: Math.min(min, cap), maxLength: Math.max(cap, min) }),
      fc.string({ unit: 'grapheme', minLength: Math.min(min, cap), maxLength: Math.max(Math.min(cap, 40), min) }),
      fc.lorem({ maxCount: 8 }).map(fit),
    );
  return fc.oneof({ weight: 8, arbitrary: main }, { weight: 1, arbitrary: fc.constantFrom(...boundaries) });
}

function integerArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = num(s.exclusiveMinimum);
  const min = num(s.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : -(2 ** 31));
  const max = Math.min(num(s.maximum) ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) },
    { weight: 2, arbitrary: fc.constantFrom(min, max, min - 1, max + 1) },
  );
}

/**
 * Values that satisfy `schema` (mostly: boundaries just outside it are mixed in), with fixture
 * values for fields whose name the fixture knows, and, at `hostility` weight, anything at all.
 */
export function arbitraryFor(schema: JsonSchema, name: string, known: KnownValues, hostility = 1): fc.Arbitrary<unknown> {
  const pool = known[name];
  const conforming = conformingFor(schema, name, known, hostility);
  return fc.oneof(
    { weight: 8, arbitrary: conforming },
    ...(pool && pool.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...pool) as fc.Arbitrary<unknown> }] : []),
    ...(hostility > 0 ? [{ weight: hostility, arbitrary: hostileValue }] : []),
  );
}

function conformingFor(schema: JsonSchema, name: string, known: KnownValues, hostility: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as JsonSchema[]).map((s) => conformingFor(s, name, known, hostility)));
  switch (schemaType(schema)) {
    case 'string':
      return stringArbitrary(schema, name);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const min = num(schema.minItems) ?? 0;
      const max = num(schema.maxItems);
      const item = arbitraryFor(items, name, known, hostility);
      return fc.oneof(
        { weight: 8, arbitrary: fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(max ?? 6, 6)) }) },
        // One past the limit: a long array of one repeated valid value.
        ...(max !== undefined
          ? [{ weight: 1, arbitrary: conformingFor(items, name, known, 0).map((v) => Array.from({ length: max + 1 }, () => v)) }]
          : []),
      );
    }
    case 'object':
      return objectArbitrary(schema, known, hostility);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object with the schema's required properties and some of its optional ones. */
export function objectArbitrary(schema: JsonSchema, known: KnownValues, hostility = 1): fc.Arbitrary<Record<string, unknown>> {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required as string[] | undefined) ?? [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(props)) model[key] = arbitraryFor(s, key, known, hostility);
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) }) as fc.Arbitrary<Record<string, unknown>>;
}
