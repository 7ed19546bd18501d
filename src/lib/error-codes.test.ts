import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, ERROR_REASONS, isErrorCode, isErrorReason, messageFor } from './error-codes';

/** SPEC.md §8, copied by hand: the catalogue must match it exactly. */
const SPEC_CATALOGUE: Record<string, number> = {
  INVALID_JSON: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_BANNED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  VOTING_CLOSED: 409,
  MERGE_INVALID: 409,
  LAST_ADMIN: 409,
  SETUP_DONE: 409,
  TOKEN_INVALID: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

describe('error catalogue', () => {
  it('has exactly the codes of SPEC.md §8, each with its status', () => {
    const actual = Object.fromEntries(ERROR_CODES.map((code) => [code, ERROR_CATALOGUE[code].status]));
    expect(actual).toEqual(SPEC_CATALOGUE);
  });

  it('gives every code a human message', () => {
    for (const code of ERROR_CODES) expect(ERROR_CATALOGUE[code].message.trim().length).toBeGreaterThan(10);
    expect(new Set(ERROR_CODES.map((c) => ERROR_CATALOGUE[c].message)).size).toBe(ERROR_CODES.length);
  });

  it('recognises only catalogue codes', () => {
    expect(isErrorCode('CONFLICT')).toBe(true);
    expect(isErrorCode('conflict')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(409)).toBe(false);
  });

  it('falls back to the INTERNAL message for an unknown code', () => {
    expect(messageFor('RATE_LIMITED')).toBe(ERROR_CATALOGUE.RATE_LIMITED.message);
    expect(messageFor('SOMETHING_NEW')).toBe(ERROR_CATALOGUE.INTERNAL.message);
  });
});

describe('the error reasons', () => {
  const section = (doc: string) => doc.slice(doc.indexOf('### Error reasons'), doc.indexOf('## The OpenAPI document'));

  it('are each listed in docs/api.md, where clients read what they mean', () => {
    const listed = section(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));
    expect(ERROR_REASONS.filter((reason) => !listed.includes(`\`${reason}\``))).toEqual([]);
  });

  it('recognises only listed reasons', () => {
    expect(isErrorReason('tagNameTaken')).toBe(true);
    expect(isErrorReason('TagNameTaken')).toBe(false);
    expect(isErrorReason(undefined)).toBe(false);
  });
});
