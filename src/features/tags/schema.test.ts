/** Property tests for the tag and status validation (SPEC.md §5): names, colours, a post's tags. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colourSchema } from '@/features/settings/schema';
import { shortNameSchema, statusInput } from '@/features/statuses/schema';
import { MAX_TAGS_PER_POST, postTagsInput, tagInput } from './schema';

describe('shortNameSchema', () => {
  it('accepts exactly the names of 1–30 characters after collapsing whitespace, without control characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 45 }), (raw) => {
        const collapsed = raw.replace(/\s+/g, ' ').trim();
        const expected = collapsed.length >= 1 && collapsed.length <= 30 && !/[\u0000-\u001f\u007f-\u009f]/.test(collapsed);
        const result = shortNameSchema.safeParse(raw);
        expect(result.success).toBe(expected);
        if (result.success) expect(result.data).toBe(collapsed);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent: a valid name parses to itself', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (raw) => {
        const first = shortNameSchema.safeParse(raw);
        if (first.success) expect(shortNameSchema.parse(first.data)).toBe(first.data);
      }),
    );
  });
});

describe('colours', () => {
  const hex = fc.stringMatching(/^#[0-9a-fA-F]{6}$/);
  it('accepts every #RRGGBB and stores it lower-case', () => {
    fc.assert(
      fc.property(hex, (c) => {
        expect(colourSchema.safeParse(c).success).toBe(true);
        expect(tagInput.parse({ name: 'x', color: c }).color).toBe(c.toLowerCase());
        expect(statusInput.parse({ name: 'x', color: c, category: 'open' }).color).toBe(c.toLowerCase());
      }),
    );
  });
  it('refuses anything else', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }).filter((s) => !/^#[0-9a-fA-F]{6}$/.test(s)),
        (c) => {
          expect(colourSchema.safeParse(c).success).toBe(false);
        },
      ),
    );
  });
});

describe('postTagsInput', () => {
  it('dedupes, keeps the first order, and allows at most 10 distinct tags', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uuid({ version: 4 }), { minLength: 0, maxLength: 14 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (ids, repeats) => {
          // Repeat some ids, so the input has duplicates.
          const withDupes = [...ids, ...repeats.filter(() => ids.length > 0).map((r) => ids[r % ids.length]!)];
          const distinct = [...new Set(withDupes.map((id) => id.toLowerCase()))];
          const result = postTagsInput.safeParse({ tagIds: withDupes });
          expect(result.success).toBe(distinct.length <= MAX_TAGS_PER_POST);
          if (result.success) expect(result.data.tagIds).toEqual(distinct);
          else expect(result.error.issues[0]?.path).toEqual(['tagIds']);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('refuses ids that are not uuids', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^[0-9a-f-]{36}$/i.test(s)),
        (s) => {
          expect(postTagsInput.safeParse({ tagIds: [s] }).success).toBe(false);
        },
      ),
    );
  });
});
