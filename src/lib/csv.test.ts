import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv } from './csv';

describe('CSV writing', () => {
  it('keeps spreadsheet formulas inert and leaves numbers alone', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes and line breaks, and writes null as an empty cell', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('Say "hi", please')).toBe('"Say ""hi"", please"');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('writes a header and rows, each line ending in CRLF', () => {
    expect(
      toCsv(
        ['name', 'note'],
        [
          ['Zoë, "the" tester', 'multi\r\nline'],
          ['日本語', '@handle'],
        ],
      ),
    ).toBe('name,note\r\n"Zoë, ""the"" tester","multi\r\nline"\r\n日本語,\'@handle\r\n');
  });
});
