/**
 * CSV writing, the same in the browser (the insights charts' downloads) and on the server (a
 * post's voter list): RFC 4180, comma-separated, CRLF line ends, quoted where needed.
 */
export type CsvCell = string | number | null;

/**
 * One cell. Text that a spreadsheet would read as a formula (=, +, -, @, a tab or a carriage
 * return first) gets a leading apostrophe, so a post title or a display name cannot run in
 * someone's spreadsheet (CSV injection). Numbers are left alone.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** A whole table: the header, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
