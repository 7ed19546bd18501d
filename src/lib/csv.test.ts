import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv, type CsvCell } from './csv';

/**
 * What a spreadsheet that splits on `separator` reads in a file, as leniently as Excel and
 * LibreOffice do: a field that starts with a quote runs to the next lone quote (doubled quotes
 * inside, line breaks too) and whatever follows it up to the separator is added to it; records end
 * at a line break outside quotes. With `quotes: false`, a naive reader: quotes are text.
 */
function readAsSpreadsheet(text: string, separator: string, quotes = true): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (quotes && text[i] === '"') {
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') field += text[i++];
    fields.push(field);
    if (i >= text.length) return fields;
    i++; // the separator or the line break (CRLF: the LF then starts an empty field, harmless here)
  }
}

/** The separators spreadsheets split on in one locale or another. */
const SEPARATORS = [',', ';', '\t'];
/** A formula once the leading blanks and quotes a reader may drop are gone. */
const LOOKS_LIKE_FORMULA = /^[\s"]*[=+\-@]/;
/** The cells that get an apostrophe first. */
const NEUTRALISED_START = /^([=+\-@\t\r]|[\s"]+[=+\-@])/;

/** Text rich in what matters here: separators, quotes, line breaks and formula starts. */
const tricky = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '"', "'", ' ', 'a', 'Z', 'é', '1') });

describe('CSV writing', () => {
  it('keeps spreadsheet formulas inert and leaves numbers alone', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes a cell holding any locale’s separator, so `;` or tab splitting cannot start a formula mid-cell', () => {
    expect(csvCell('Dana;Acme')).toBe('"Dana;Acme"');
    expect(csvCell('Acme\tInc')).toBe('"Acme\tInc"');
    expect(csvCell('Dana;=1+1;')).toBe('"Dana;\'=1+1;"');
    // In the fifth column, a reader splitting on `;` starts a cell mid-line, whatever our quotes say.
    expect(csvLine(['Dana', 'd@x.test', '2026-01-01', '', 'Acme;=1+1;', '1.00'])).toBe('Dana,d@x.test,2026-01-01,,"Acme;\'=1+1;",1.00\r\n');
    expect(csvCell('a; "-2+3"')).toBe('"a; ""\'-2+3"""');
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('Dana - team lead, +1 on this')).toBe('"Dana - team lead, \'+1 on this"');
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

  it('whatever the text and whichever separator a spreadsheet splits on, no field starts a formula', () => {
    const rows = fc.array(fc.array(fc.oneof(tricky, fc.string()), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(rows, (table) => {
        const file = toCsv(table[0]!, table.slice(1));
        for (const separator of SEPARATORS) {
          for (const quotes of [true, false]) {
            for (const field of readAsSpreadsheet(file, separator, quotes)) expect(field).not.toMatch(LOOKS_LIKE_FORMULA);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('gives each cell back to a comma-splitting reader, changed by apostrophes alone, a formula start first', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(tricky, fc.string()), { minLength: 1, maxLength: 5 }), (cells) => {
        const fields = readAsSpreadsheet(csvLine(cells).slice(0, -2), ',');
        expect(fields.map((f) => f.replace(/'/g, ''))).toEqual(cells.map((c) => c.replace(/'/g, '')));
        fields.forEach((f, i) => expect(f.startsWith("'")).toBe(NEUTRALISED_START.test(cells[i]!) || cells[i]!.startsWith("'")));
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves numbers and empty cells as they are', () => {
    const numbers = fc.array(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(numbers, (cells: CsvCell[]) => {
        expect(readAsSpreadsheet(csvLine(cells).slice(0, -2), ',')).toEqual(cells.map((c) => (c === null ? '' : String(c))));
      }),
    );
  });
});
