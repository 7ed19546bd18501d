/**
 * XML for tests of the feeds and the sitemap: a strict, conformant parse (saxes refuses anything
 * not well-formed XML 1.0, including characters XML cannot carry) into a small element tree, and
 * the checks of RFC 4287 (Atom) that every feed must pass. Test-only.
 */
import { XMLValidator } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import { expect } from 'vitest';

export interface XmlElement {
  name: string;
  /** The namespace URI. */
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (character data directly inside it), decoded. */
  text: string;
}

/** Parses `xml` strictly (namespaces on); throws on the first well-formedness error. */
export function parseXml(xml: string): XmlElement {
  // A second, independent parser must agree that the document is well formed.
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) throw new Error(`fast-xml-parser: ${verdict.err.msg} (line ${verdict.err.line})`);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, a] of Object.entries(tag.attributes)) attrs[k] = typeof a === 'string' ? a : a.value;
    const el: XmlElement = { name: tag.local ?? tag.name, ns: tag.uri ?? '', attrs, children: [], text: '' };
    stack.at(-1)?.children.push(el);
    root ??= el;
    stack.push(el);
  });
  parser.on('text', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (error) throw error;
  if (!root) throw new Error('no root element');
  return root;
}

export const ATOM_NS = 'http://www.w3.org/2005/Atom';

export const child = (el: XmlElement, name: string): XmlElement | undefined => el.children.find((c) => c.name === name);
export const childrenNamed = (el: XmlElement, name: string): XmlElement[] => el.children.filter((c) => c.name === name);

/** RFC 3339 date-time as Atom requires it (RFC 4287 §3.3): upper-case T and Z, a time zone always. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function expectDate(el: XmlElement | undefined, what: string) {
  expect(el, `${what} is present`).toBeDefined();
  expect(el!.text, `${what} is an RFC 3339 date`).toMatch(RFC3339);
  expect(Number.isNaN(Date.parse(el!.text)), `${what} is a real date`).toBe(false);
}

function expectOne(el: XmlElement, name: string, where: string): XmlElement {
  const found = childrenNamed(el, name);
  expect(found.length, `${where} has exactly one atom:${name}`).toBe(1);
  return found[0]!;
}

function expectAbsoluteIri(value: string, what: string) {
  expect(() => new URL(value), `${what} is an absolute IRI`).not.toThrow();
}

/**
 * The RFC 4287 requirements of an Atom feed document: atom:feed in the Atom namespace with
 * exactly one id, title and updated; an author unless every entry has one; a rel="self" link
 * (SHOULD, required here); each entry with exactly one id, title and updated, and content or a
 * rel="alternate" link; no two entries with the same id and updated.
 */
export function expectValidAtom(feed: XmlElement): void {
  expect(feed.name).toBe('feed');
  expect(feed.ns).toBe(ATOM_NS);
  for (const el of feed.children) expect(el.ns, `atom:${el.name} is in the Atom namespace`).toBe(ATOM_NS);
  expectAbsoluteIri(expectOne(feed, 'id', 'the feed').text, 'the feed id');
  expectOne(feed, 'title', 'the feed');
  expectDate(expectOne(feed, 'updated', 'the feed'), 'the feed updated');
  const entries = childrenNamed(feed, 'entry');
  const feedAuthor = childrenNamed(feed, 'author');
  expect(feedAuthor.length > 0 || entries.every((e) => child(e, 'author')), 'the feed or every entry has an author').toBe(true);
  for (const a of [...feedAuthor, ...entries.flatMap((e) => childrenNamed(e, 'author'))]) {
    expect(child(a, 'name')?.text, 'an author has a name').toBeTruthy();
  }
  const self = childrenNamed(feed, 'link').filter((l) => l.attrs.rel === 'self');
  expect(self.length, 'the feed links to itself').toBe(1);
  expectAbsoluteIri(self[0]!.attrs.href ?? '', 'the self link');
  const seen = new Set<string>();
  for (const entry of entries) {
    const id = expectOne(entry, 'id', 'an entry').text;
    expectAbsoluteIri(id, 'an entry id');
    expectOne(entry, 'title', 'an entry');
    const updated = expectOne(entry, 'updated', 'an entry');
    expectDate(updated, 'an entry updated');
    const published = child(entry, 'published');
    if (published) expectDate(published, 'an entry published');
    const alternate = childrenNamed(entry, 'link').filter((l) => (l.attrs.rel ?? 'alternate') === 'alternate');
    expect(alternate.length > 0 || child(entry, 'content') !== undefined, 'an entry has content or an alternate link').toBe(true);
    for (const l of alternate) expectAbsoluteIri(l.attrs.href ?? '', 'an entry link');
    const content = childrenNamed(entry, 'content');
    expect(content.length, 'an entry has at most one content').toBeLessThanOrEqual(1);
    if (content[0]) expect(['text', 'html', 'xhtml', undefined]).toContain(content[0].attrs.type);
    const key = `${id} ${updated.text}`;
    expect(seen.has(key), 'entry ids are unique').toBe(false);
    seen.add(key);
  }
}
