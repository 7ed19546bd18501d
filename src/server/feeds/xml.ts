/**
 * XML 1.0 text for the feeds and the sitemap. Every text node and attribute value goes through
 * these: markup characters become entity references, and characters XML 1.0 cannot carry at all
 * (C0 controls other than tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF)
 * are dropped, as are DEL and the C1 controls, which XML allows but discourages. An escaped
 * `&#1;` would not help: the character itself is not allowed, so a strict reader refuses it.
 */

/** Everything XML 1.0 forbids, plus DEL and the C1 controls (matched per code point). */
const NOT_XML = /[^\t\n\r\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** The text with every character XML cannot carry removed. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Text for an element's content. `>` is escaped too, so `]]>` never appears. */
export function xmlText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Text for a double-quoted attribute value. Tab, newline and carriage return are written as
 * character references, since a reader would otherwise normalise them to spaces.
 */
export function xmlAttr(text: string): string {
  return xmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** An element with escaped text content, or nothing when the value is absent. */
export function textElement(name: string, value: string | null | undefined, attrs: Record<string, string> = {}): string {
  if (value === null || value === undefined) return '';
  return `<${name}${attributes(attrs)}>${xmlText(value)}</${name}>`;
}

/** ` a="x" b="y"` with every value escaped; names are the caller's constants. */
export function attributes(attrs: Record<string, string | undefined>): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => ` ${k}="${xmlAttr(v)}"`)
    .join('');
}
