import { gunzipSync, crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilledBody, crc32Combine, cutAt } from './filled-body';

const bytes = fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a));
/** Text-like bytes: deflate finds repeats in them, as it does in a page. */
const text = fc.string({ maxLength: 3000 }).map((s) => Buffer.from(s.repeat(3)));
const body = fc.array(fc.oneof(bytes, text), { minLength: 1, maxLength: 6 });

describe('FilledBody', () => {
  it('joins its parts with a response’s own bytes between them', () => {
    const page = new FilledBody([Buffer.from('<a n="'), Buffer.from('">'), Buffer.from('</a>')]);
    expect(page.join([Buffer.from('N1'), Buffer.from('x')]).toString()).toBe('<a n="N1">x</a>');
    expect(() => page.join([Buffer.from('N1')])).toThrow(/takes 2 fills/);
    expect(() => page.gzip([Buffer.from('N1')])).toThrow(/takes 2 fills/);
  });

  it('gzips to exactly the joined body, whatever the parts and fills', () => {
    fc.assert(
      fc.property(body, fc.array(fc.oneof(bytes, text), { maxLength: 6 }), (parts, extra) => {
        const page = new FilledBody(parts);
        const fills = parts.slice(1).map((_, i) => extra[i] ?? Buffer.alloc(0));
        const joined = page.join(fills);
        // Twice: the second response reuses the parts compressed for the first.
        expect(gunzipSync(page.gzip(fills)).equals(joined)).toBe(true);
        expect(gunzipSync(page.gzip(fills)).equals(joined)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('stores a fill longer than one stored block in several, and compresses the parts', () => {
    const html = Buffer.from('<li class="post">A request people vote for</li>'.repeat(4000));
    const page = new FilledBody([html, html]);
    const big = Buffer.alloc(70_000, 7);
    const zipped = page.gzip([big]);
    expect(gunzipSync(zipped).equals(Buffer.concat([html, big, html]))).toBe(true);
    expect(zipped.length).toBeLessThan(big.length + html.length / 4);
  });
});

describe('crc32Combine', () => {
  it('gives the CRC-32 of two byte strings one after the other', () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 300 },
    );
  });
});

describe('cutAt', () => {
  it('cuts at every occurrence of the mark and leaves it out', () => {
    const parts = cutAt(Buffer.from('aNbNNc'), Buffer.from('N')).map(String);
    expect(parts).toEqual(['a', 'b', '', 'c']);
    expect(cutAt(Buffer.from('abc'), Buffer.from('N')).map(String)).toEqual(['abc']);
  });
});
