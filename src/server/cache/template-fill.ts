/**
 * Filling a shared render (shared-render.ts) for one person: pure string work, no I/O.
 *
 * A shared render is a page rendered for a placeholder person: a random user id, and a name,
 * email, avatar URL and avatar look that are random tokens no one can type or guess (they carry
 * 96 random bits, made anew by every process). The rest of the page is what every person of
 * that audience sees, with no votes of their own. Filling it:
 *
 *  - the page data (`__NEXT_DATA__`, JSON) is parsed; `shell.viewer` becomes the person, and every
 *    post in it (an object with a numeric `number` and a boolean `voted`) gets their vote; it is
 *    written back exactly as Next.js writes it (JSON.stringify, then htmlEscapeJsonString);
 *  - in the HTML around it, each token is replaced by the person's value escaped as React escapes
 *    text and attributes, and each vote button of a post they voted for is pressed;
 *  - the CSP nonce of the render is replaced by the response's.
 *
 * If any token is left (a component derived something from the placeholder, say its name in
 * capitals), the page cannot be filled exactly and `null` is returned: the caller renders the
 * person's page in full instead. A test compares filled pages with full renders byte for byte.
 */
import type { Viewer } from '@/core/identity/viewer';
import { avatarLook } from '@/lib/avatar-look';

export interface Placeholders {
  /** The random part every text token carries: digits, so that a token changed in case still shows it. */
  tag: string;
  /** A random UUID: the placeholder's user id (it must be one, it is used in queries). */
  id: string;
  name: string;
  email: string;
  avatarUrl: string;
  initials: string;
  background: string;
}

export function makePlaceholders(tag: string, id: string): Placeholders {
  return {
    tag,
    id,
    name: `chorusname${tag}`,
    email: `chorusmail${tag}`,
    avatarUrl: `/chorusavatar${tag}`,
    initials: `chorusinitials${tag}`,
    background: `chorusbackground${tag}`,
  };
}

/** What one person adds to a shared render. */
export interface Personal {
  viewer: Viewer;
  /** Numbers of the posts on the page that they voted for. */
  voted: ReadonlySet<number>;
}

const NEXT_DATA_OPEN = '<script id="__NEXT_DATA__"';
const SCRIPT_CLOSE = '</script>';

/** Where the page data's JSON is in a page, or null. */
export function nextDataRange(html: string): { start: number; end: number } | null {
  const open = html.indexOf(NEXT_DATA_OPEN);
  if (open < 0) return null;
  const start = html.indexOf('>', open) + 1;
  const end = html.indexOf(SCRIPT_CLOSE, start);
  return start > 0 && end > start ? { start, end } : null;
}

/** React's escaping of text and attribute values (react-dom-server's escapeTextForBrowser). */
const REACT_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
export const escapeLikeReact = (s: string) => s.replace(/["&'<>]/g, (c) => REACT_ESCAPES[c]!);

/** Next.js's escaping of the page data's JSON (next/dist/shared/lib/htmlescape). */
const JSON_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const escapeJsonForHtml = (s: string) => s.replace(/[&><\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Calls `visit` on every object in a JSON value. */
function eachObject(value: unknown, visit: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) eachObject(item, visit);
  } else if (isRecord(value)) {
    visit(value);
    for (const v of Object.values(value)) eachObject(v, visit);
  }
}

const isPost = (o: Record<string, unknown>): o is { number: number; voted: boolean } =>
  typeof o.number === 'number' && typeof o.voted === 'boolean';

/** The page data of a rendered page, or null when it has none. */
export function pageDataOf(html: string): { pageProps?: Record<string, unknown> } | null {
  const range = nextDataRange(html);
  if (!range) return null;
  const data = JSON.parse(html.slice(range.start, range.end)) as { props?: { pageProps?: Record<string, unknown> } };
  return data.props ?? null;
}

/** The numbers of the posts in a page's data whose vote is shown (to look the person's votes up). */
export function votablePostNumbers(props: { pageProps?: Record<string, unknown> } | null): number[] {
  const numbers = new Set<number>();
  eachObject(props?.pageProps, (o) => {
    if (isPost(o)) numbers.add(o.number);
  });
  return [...numbers];
}

/** The ids of the authors of content in a page's data (objects with `author: { id }`). */
export function authorIdsOf(props: { pageProps?: Record<string, unknown> } | null): Set<string> {
  const ids = new Set<string>();
  eachObject(props?.pageProps, (o) => {
    if (isRecord(o.author) && typeof o.author.id === 'string') ids.add(o.author.id);
  });
  return ids;
}

function fillPageData(json: string, personal: Personal): string {
  const data = JSON.parse(json) as { props?: { pageProps?: Record<string, unknown> } };
  const pageProps = data.props?.pageProps;
  const shell = pageProps?.shell;
  if (isRecord(shell) && shell.viewer !== undefined) shell.viewer = personal.viewer;
  eachObject(pageProps, (o) => {
    if (isPost(o)) o.voted = personal.voted.has(o.number);
  });
  return escapeJsonForHtml(JSON.stringify(data));
}

const PRESSED_OFF = /aria-pressed="false" data-vote-post="(\d+)"/g;

function fillMarkup(html: string, ph: Placeholders, personal: Personal): string {
  const { viewer } = personal;
  const look = avatarLook(viewer.displayName);
  const values: [string, string][] = [
    [ph.id, viewer.id],
    [ph.name, viewer.displayName],
    [ph.email, viewer.email],
    [ph.avatarUrl, viewer.avatarUrl ?? ''],
    [ph.initials, look.initials],
    [ph.background, look.background],
  ];
  let out = html;
  // A function, not a string: `$` in a replacement string is a pattern ("$$" would become "$").
  for (const [token, value] of values) {
    const escaped = escapeLikeReact(value);
    out = out.replaceAll(token, () => escaped);
  }
  return personal.voted.size === 0
    ? out
    : out.replace(PRESSED_OFF, (whole, n: string) => (personal.voted.has(Number(n)) ? `aria-pressed="true" data-vote-post="${n}"` : whole));
}

/**
 * The page of a shared render as this person's own render would be, with the response's nonce;
 * null when it cannot be filled exactly (see the top of the file).
 */
export function fillTemplate(
  template: { body: string; nonce: string },
  ph: Placeholders,
  personal: Personal,
  nonce: string,
): string | null {
  const html = template.body.replaceAll(template.nonce, () => nonce);
  const range = nextDataRange(html);
  const filled = range
    ? fillMarkup(html.slice(0, range.start), ph, personal) +
      fillPageData(html.slice(range.start, range.end), personal) +
      fillMarkup(html.slice(range.end), ph, personal)
    : fillMarkup(html, ph, personal);
  // The tag's first 12 digits: enough to be found nowhere else, and kept by most derivations.
  return filled.includes(ph.tag.slice(0, 12)) || filled.includes(ph.id) ? null : filled;
}
