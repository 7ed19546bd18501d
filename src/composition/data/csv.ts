/**
 * A small RFC 4180 CSV reader: quoted fields with doubled quotes, commas and line breaks inside
 * quotes, CRLF or LF, a UTF-8 byte-order mark. Each record keeps the line it starts on, so an
 * import report can name it as a spreadsheet would.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  while (i < input.length) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      start = line;
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new CsvError(`A quoted field opened on line ${start} never closes.`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** Header names compared without case, spaces, underscores or punctuation: "Author Email" = "author_email". */
export const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The records after the header, as objects keyed by normalized header names. */
export function csvObjects(text: string): { header: string[]; rows: { line: number; get: (...names: string[]) => string | undefined }[] } {
  const [head, ...rest] = parseCsv(text);
  if (!head) throw new CsvError('The file is empty.');
  const header = head.fields.map(normalizeHeader);
  return {
    header,
    rows: rest.map((r) => ({
      line: r.line,
      get: (...names: string[]) => {
        for (const name of names) {
          const at = header.indexOf(normalizeHeader(name));
          if (at >= 0) {
            const v = r.fields[at]?.trim();
            return v === '' ? undefined : v;
          }
        }
        return undefined;
      },
    })),
  };
}
