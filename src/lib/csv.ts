/**
 * CSV writing, the same in the browser (the insights charts' downloads) and on the server (a
 * post's voter list): RFC 4180, comma-separated, CRLF line ends, quoted where needed. Every CSV
 * the product writes goes through `csvCell`.
 */
export type CsvCell = string | number | null;

/** Text that a spreadsheet reads as a formula: =, +, -, @, a tab or a carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A formula sign where a spreadsheet splitting on another locale's separator may start a cell:
 * after a separator (`,` `;` tab) or a line break, past any blanks and quotes it may drop. This
 * file separates with commas, so a `;` inside a quoted cell is no boundary here, but Excel in
 * German or French reads `Acme;=1+1;` in the fifth column as a cell `=1+1`: quotes cannot help
 * there (the reader's quoting is out of step with ours mid-line), an apostrophe can.
 */
const FORMULA_AFTER_BOUNDARY = /([,;\t\r\n"])([\s"]*)(?=[=+\-@])/g;
/** What makes a cell need quotes: a quote, a line break, and the separator of any locale. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One cell (OWASP's advice on CSV injection, for every locale): text that starts like a formula
 * gets a leading apostrophe, and so does a formula sign wherever a spreadsheet splitting on `;`
 * or tabs may start a cell, so a post title or a display name cannot run in someone's
 * spreadsheet; text holding a separator, a quote or a line break is quoted. Numbers are left alone.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string') {
    // First the cell's own start (a reader may drop leading blanks and quotes), then each later place a cell may start.
    if (FORMULA_START.test(text) || /^[\s"]+[=+\-@]/.test(text)) text = `'${text}`;
    text = text.replace(FORMULA_AFTER_BOUNDARY, "$1$2'");
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** A whole table: the header, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
