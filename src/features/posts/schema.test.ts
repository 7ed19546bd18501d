import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageClosedMode, postNumberParam, postTitleSchema } from './schema';

describe('post title (SPEC.md §5)', () => {
  it('is either rejected or normalised to 4–120 characters, trimmed, with no double spaces', () => {
    const piece = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', 'é', '🙂'));
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
        (raw) => {
          const result = postTitleSchema.safeParse(raw);
          const collapsed = raw.replace(/\s+/g, ' ').trim();
          // Characters are code points (an emoji is one), as zod counts them.
          const chars = (s: string) => [...s].length;
          if (!result.success) {
            expect(chars(collapsed) < 4 || chars(collapsed) > 120 || /[\u0000-\u001f\u007f-\u009f]/.test(collapsed)).toBe(true);
            return;
          }
          const title = result.data;
          expect(chars(title)).toBeGreaterThanOrEqual(4);
          expect(chars(title)).toBeLessThanOrEqual(120);
          expect(title).toBe(title.trim());
          expect(title).not.toMatch(/\s\s/);
          expect(postTitleSchema.parse(title)).toBe(title);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads /p/42 and /p/42-any-slug', () => {
    expect(postNumberParam.parse('42')).toBe(42);
    expect(postNumberParam.parse('42-dark-mode')).toBe(42);
    expect(postNumberParam.safeParse('dark-42').success).toBe(false);
    expect(postNumberParam.safeParse('0').success).toBe(false);
  });
});

describe('which posts a board or home page lists', () => {
  it('hides done and closed posts on trending and top, unless the URL asks or a status is chosen', () => {
    expect(pageClosedMode('trending', undefined, undefined)).toBe('hide');
    expect(pageClosedMode('top', undefined, 'yes')).toBe('hide');
    expect(pageClosedMode('top', undefined, 'show')).toBe('show');
    expect(pageClosedMode('trending', 'complete', undefined)).toBe('show');
    for (const order of ['new', 'updated', 'relevance'] as const) expect(pageClosedMode(order, undefined, undefined)).toBe('show');
  });
});
