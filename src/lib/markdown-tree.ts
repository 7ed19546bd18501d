/**
 * The safe Markdown tree the server sends to the browser: a whitelist of elements and plain
 * strings, never HTML. The browser maps it to React elements (components/ui/Markdown), so user
 * text is always text (SPEC.md §5).
 */
import { mentionsToPlainText } from '@/core/mentions';

export type MdInline =
  | string
  | { t: 'em' | 'strong' | 'del'; c: MdInline[] }
  | { t: 'code'; v: string }
  | { t: 'a'; href: string; c: MdInline[] }
  | { t: 'br' }
  /** A mention of a person (core/mentions.ts): `v` is the name shown after the `@`, `id` theirs. */
  | { t: 'mention'; v: string; id: string }
  /**
   * An image uploaded to this workspace (`id`, the attachment). `w`/`h` (the web-sized copy's
   * size) are filled in per page only where the image belongs to the text (features/attachments);
   * without them it shows as a link, as images from elsewhere do.
   */
  | { t: 'img'; id: string; alt: string; w?: number; h?: number };

export type MdBlock =
  | { t: 'p'; c: MdInline[] }
  | { t: 'h'; level: 3 | 4 | 5 | 6; c: MdInline[] }
  | { t: 'pre'; lang: string | null; v: string }
  | { t: 'quote'; c: MdBlock[] }
  | { t: 'list'; ordered: boolean; start: number | null; items: { checked: boolean | null; c: MdBlock[] }[] }
  | { t: 'hr' }
  | { t: 'table'; head: MdInline[][]; rows: MdInline[][][] };

export type MdDoc = MdBlock[];

/**
 * How deeply the tree may nest (src/server/markdown/README.md, "Markdown bounds"). Blocks: block quotes
 * and lists inside one another. Inline: emphasis, strong, strikethrough and links inside one
 * another. The server never builds a deeper tree (excess markers stay text), and the renderer
 * shows anything deeper as plain text.
 */
export const MD_MAX_BLOCK_NESTING = 10;
export const MD_MAX_INLINE_NESTING = 10;

/**
 * The plain text of tree nodes, one line per block, without recursion: for showing too-deep or
 * malformed parts as text. Accepts anything (a malformed tree must not make it throw).
 */
export function mdText(nodes: unknown): string {
  const parts: string[] = [];
  const stack: unknown[] = [nodes];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      parts.push(node);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n.t === 'br' || n.t === 'hr') parts.push('\n');
      if (n.t === 'mention') parts.push('@');
      if (n.t === 'img' && typeof n.alt === 'string') parts.push(n.alt);
      if (typeof n.v === 'string') parts.push(n.v);
      // Pushed first, so it comes out after the node's text.
      if (n.t === 'p' || n.t === 'h' || n.t === 'pre') stack.push('\n');
      for (const key of ['rows', 'head', 'items', 'c']) if (Array.isArray(n[key])) stack.push(n[key]);
    }
  }
  return parts
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The mention nodes of some trees, in order, without recursion (for showing current names):
 * at most `max` of them.
 */
export function mentionNodes(docs: readonly unknown[], max = 1000): Extract<MdInline, { t: 'mention' }>[] {
  const found: Extract<MdInline, { t: 'mention' }>[] = [];
  const stack: unknown[] = [...docs].reverse();
  while (stack.length > 0 && found.length < max) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n.t === 'mention' && typeof n.id === 'string' && typeof n.v === 'string') found.push(n as Extract<MdInline, { t: 'mention' }>);
      for (const key of ['rows', 'head', 'items', 'c']) if (Array.isArray(n[key])) stack.push(n[key]);
    }
  }
  return found;
}

/** The paths of an uploaded image: the stored copy, and the web-sized copy pages show. */
export const attachmentPath = (id: string) => `/api/v1/attachments/${id}`;
export const attachmentWebPath = (id: string) => `/api/v1/attachments/${id}/web`;
/** A path written for an uploaded image (either copy); group 1 is its id. */
export const ATTACHMENT_PATH = /^\/api\/v1\/attachments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/web)?$/;

/** The uploaded-image nodes of some trees, in order, without recursion (for filling in their sizes): at most `max`. */
export function imageNodes(docs: readonly unknown[], max = 200): Extract<MdInline, { t: 'img' }>[] {
  const found: Extract<MdInline, { t: 'img' }>[] = [];
  const stack: unknown[] = [...docs].reverse();
  while (stack.length > 0 && found.length < max) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n.t === 'img' && typeof n.id === 'string') found.push(n as Extract<MdInline, { t: 'img' }>);
      for (const key of ['rows', 'head', 'items', 'c']) if (Array.isArray(n[key])) stack.push(n[key]);
    }
  }
  return found;
}

/** A mention token cut off at the end of a slice of text. */
const CUT_MENTION = /@\[[^\]\n]*(?:\](?:\([\w:-]*)?)?$/;

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;
const QUOTE = /^\s{0,3}(?:>\s?)+(.*)$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
/** Text that ends a sentence or introduces what follows: the next block then needs no separator. */
const ENDS_SENTENCE = /[.!?:;,…)]$/;

/** Separators between the blocks of a flattened text: list items, and other blocks. */
export const EXCERPT_ITEM_SEPARATOR = ' · ';
export const EXCERPT_BLOCK_SEPARATOR = ' — ';

const inlinePlain = (s: string) =>
  s
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Markdown as one line of plain text that keeps its structure readable: the lines of a
 * paragraph join with spaces, list items (and table rows) with " · ", and other blocks
 * (paragraphs, headings, quotes, code) with " — ", or a space after a block that ends a
 * sentence ("Steps:" then a list). Private-use characters (search highlight markers) pass
 * through. Not a renderer: a cheap reading of the line structure.
 */
export function flattenMarkdown(markdown: string): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, '\n\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ');
  const blocks: { item: boolean; text: string }[] = [];
  let open: { item: boolean; text: string } | null = null;
  const start = (item: boolean, line: string) => {
    open = { item, text: line };
    blocks.push(open);
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || RULE.test(line) || TABLE_DELIMITER.test(line)) {
      open = null;
      continue;
    }
    const heading = HEADING.exec(line);
    const item = LIST_ITEM.exec(line);
    const row = TABLE_ROW.exec(line);
    const quote = QUOTE.exec(line);
    if (heading) {
      start(false, heading[1]!);
      open = null;
    } else if (item) {
      start(true, item[1]!);
    } else if (row) {
      start(true, row[1]!.split('|').map(inlinePlain).filter(Boolean).join(', '));
    } else if (open) {
      (open as { text: string }).text += ` ${quote ? quote[1] : line}`;
    } else {
      start(false, quote ? quote[1]! : line);
    }
  }
  let out = '';
  let previous: { item: boolean; text: string } | null = null;
  for (const block of blocks) {
    const plain = inlinePlain(block.text);
    if (!plain) continue;
    if (previous) {
      out += previous.item && block.item ? EXCERPT_ITEM_SEPARATOR : ENDS_SENTENCE.test(out) ? ' ' : EXCERPT_BLOCK_SEPARATOR;
    }
    out += plain;
    previous = { item: block.item, text: plain };
  }
  return out;
}

/**
 * The first `max` UTF-16 units of `text`, without splitting a character written as a surrogate
 * pair (an emoji, a rare CJK character): the excerpt is a prefix of the text in logical order.
 */
export function textPrefix(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * An excerpt: `text` itself when it fits in `max`, else its beginning, cut at a word boundary
 * where one is near, with "…" after it. The cut is at the logical end of the text (where it
 * stops being read, whatever its direction): shown with `dir="auto"`, a Latin excerpt's
 * ellipsis is on the right and an Arabic one's on the left.
 */
function cutExcerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = textPrefix(text, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/\s*[·—]$/, '').trimEnd()}…`;
}

/**
 * A cheap plain-text excerpt of Markdown for lists: mentions as `@Name`, markup characters
 * dropped, blocks and list items kept apart by separators (`flattenMarkdown`), cut at a word
 * boundary. Good enough for a one- or two-line preview.
 */
export function plainExcerpt(markdown: string, max = 200): string {
  // A token is at most 130 characters: enough is read that the last one is not cut.
  const text = flattenMarkdown(mentionsToPlainText(textPrefix(markdown, max * 4 + 130)).replace(CUT_MENTION, ''));
  return cutExcerpt(text, max);
}
