import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cursorCodec, isIsoMicros, isUuid, requireCursor, timeIdCursor } from './cursor';
import { AppError } from './errors';

const iso = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((d) => fc.integer({ min: 0, max: 999 }).map((us) => d.toISOString().replace('Z', `${String(us).padStart(3, '0')}Z`)));

describe('the one cursor codec', () => {
  it('round-trips a (created_at, id) keyset for any valid key', () => {
    const codec = timeIdCursor(isUuid);
    fc.assert(
      fc.property(iso, fc.uuid(), (createdAt, id) => {
        expect(codec.decode(codec.encode({ createdAt, id }))).toEqual({ createdAt, id });
      }),
    );
  });

  it('answers null for anything that is not one of the list’s cursors', () => {
    const codec = timeIdCursor(isUuid);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      '',
      'not base64!',
      b64({ a: 1 }),
      b64(['2026-01-01', crypto.randomUUID()]),
      b64(['2026-01-01T00:00:00.000000Z', 'x']),
      b64(['2026-01-01T00:00:00.000000Z']),
      'A'.repeat(2000),
    ]) {
      expect(codec.decode(bad)).toBeNull();
    }
    fc.assert(fc.property(fc.string(), (s) => void codec.decode(s)));
  });

  it('lets each list say how its key becomes parts', () => {
    const codec = cursorCodec<{ n: number }>(
      (k) => [k.n],
      (parts) => (parts.length === 1 && Number.isSafeInteger(parts[0]) ? { n: parts[0] as number } : null),
    );
    expect(codec.decode(codec.encode({ n: 42 }))).toEqual({ n: 42 });
    expect(isIsoMicros('2026-11-23T10:00:00.123456Z')).toBe(true);
    expect(isIsoMicros('2026-11-23T10:00:00.123Z')).toBe(false);
  });

  it('turns a bad cursor into 422 VALIDATION_FAILED on the named query field', () => {
    const codec = timeIdCursor(isUuid);
    try {
      requireCursor(codec, 'garbage', 'pendingCursor');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('VALIDATION_FAILED');
      expect((err as AppError).options.fields).toEqual({ 'query.pendingCursor': 'This page link is not valid.' });
    }
  });
});
