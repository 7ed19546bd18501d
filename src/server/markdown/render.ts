/**
 * Markdown (CommonMark + GFM) to the safe tree of lib/markdown-tree: raw HTML is kept as
 * literal text, only http(s), mailto and same-site links survive, images become links (no
 * third-party requests from a page), headings start at level 3 under the page's own headings.
 * A mention token (core/mentions.ts) becomes a mention element, never a link.
 *
 * Untrusted text cannot make it deep or slow (src/server/markdown/README.md, "Markdown bounds"): block
 * containers are bounded before the parse (container-depth.ts), inline nesting while micromark
 * tokenizes (inline-depth.ts), and the conversion below stops at the same bounds. It never
 * throws: whatever fails comes back as the source in plain text.
 */
import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { env } from '@/config/env';
import { MENTION_NAME_MAX, MENTION_TARGET } from '@/core/mentions';
import { ATTACHMENT_PATH, MD_MAX_BLOCK_NESTING, MD_MAX_INLINE_NESTING, type MdBlock, type MdDoc, type MdInline } from '@/lib/markdown-tree';
import { logger } from '@/server/log';
import { boundContainerNesting } from './container-depth';
import { inlineNestingBound } from './inline-depth';

/** Longer input is cut (the validation limits stop at 50,000 characters). */
const MAX_SOURCE = 60_000;

function siteOrigin(): string {
  return new URL(env().PUBLIC_URL).origin;
}

/** Spelled with a scheme (`https:`, `mailto:`, `javascript:`), once cleaned up as browsers do. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A link target that is safe to follow: http(s), mailto, or a path on this site; null otherwise.
 *
 * It is classified exactly as a browser will read it: parsed by the WHATWG URL parser against
 * the site's origin, which drops tabs and newlines, trims control characters and spaces, and
 * reads `\` as `/` (so `/\evil.example` and `/<TAB>/evil.example` are another host). What comes
 * back is the parsed URL written out again, so the page carries exactly what was checked: a
 * same-origin path (`/…`) or `#fragment` as such, anything else as an absolute URL. A path
 * that leads to another host (`//evil`) is refused, and so is a relative path (`docs/x`),
 * which would depend on the page it appears on.
 */
export function safeHref(raw: string, origin: string = siteOrigin()): string | null {
  const spelled = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const fragment = spelled.startsWith('#');
  if (!fragment && !spelled.startsWith('/') && !spelled.startsWith('\\') && !SCHEME.test(spelled)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin === base.origin && (url.protocol === 'http:' || url.protocol === 'https:')) {
    if (fragment) return url.hash || '#';
    const path = `${url.pathname}${url.search}${url.hash}`;
    // A path that starts with `//` would be read as a host: `/.` keeps it a path (as the URL standard does).
    return path.startsWith('//') ? `/.${path}` : path;
  }
  if (!SCHEME.test(spelled)) return null;
  if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return url.href;
  return null;
}

/** The text of a subtree, without recursion (its depth is whatever the parser produced). */
function textOf(node: Nodes): string {
  const parts: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if ('value' in next && typeof next.value === 'string') parts.push(next.value);
    else if ('children' in next) for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as Nodes);
  }
  return parts.join('');
}

/** `nesting`: how many em/strong/del/a enclose these nodes; deeper than the bound is text. */
function inline(nodes: PhrasingContent[], nesting: number): MdInline[] {
  const out: MdInline[] = [];
  const push = (item: MdInline) => {
    const last = out[out.length - 1];
    if (typeof item === 'string' && typeof last === 'string') out[out.length - 1] = last + item;
    else out.push(item);
  };
  const nested = nesting + 1;
  for (const node of nodes) {
    if (
      nested > MD_MAX_INLINE_NESTING &&
      (node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete' || node.type === 'link')
    ) {
      push(textOf(node));
      continue;
    }
    switch (node.type) {
      case 'text':
      case 'html':
        push(node.value);
        break;
      case 'emphasis':
        push({ t: 'em', c: inline(node.children, nested) });
        break;
      case 'strong':
        push({ t: 'strong', c: inline(node.children, nested) });
        break;
      case 'delete':
        push({ t: 'del', c: inline(node.children, nested) });
        break;
      case 'inlineCode':
        push({ t: 'code', v: node.value });
        break;
      case 'break':
        push({ t: 'br' });
        break;
      case 'link': {
        // A mention token, `@[Name](user:<uuid>)`: the parser reads `@` as text and the rest as a link.
        const last = out[out.length - 1];
        const target = MENTION_TARGET.exec(node.url);
        if (typeof last === 'string' && last.endsWith('@') && !node.title && target) {
          // The name as a token may hold it (MENTION_PATTERN): anything else stays what it is.
          const raw = textOf(node);
          const name = raw.trim();
          if (name && raw.length <= MENTION_NAME_MAX && !/[[\]\n\r]/.test(raw)) {
            if (last.length === 1) out.pop();
            else out[out.length - 1] = last.slice(0, -1);
            out.push({ t: 'mention', v: name, id: target[1]!.toLowerCase() });
            break;
          }
        }
        const href = safeHref(node.url);
        const children = inline(node.children, nested);
        if (href) push({ t: 'a', href, c: children });
        else for (const c of children) push(c);
        break;
      }
      case 'image': {
        const href = safeHref(node.url);
        const label = node.alt || 'image';
        // Only this workspace's own uploads may become images; any other image stays a link.
        const own = href ? ATTACHMENT_PATH.exec(href) : null;
        if (own) push({ t: 'img', id: own[1]!, alt: label.slice(0, 300) });
        else push(href ? { t: 'a', href, c: [label] } : label);
        break;
      }
      default:
        // Footnote references, link references without a definition and the like: their text.
        push(textOf(node));
    }
  }
  return out;
}

/** `nesting`: how many quotes and lists enclose these nodes; deeper than the bound is text. */
function blocks(nodes: RootContent[], nesting: number): MdBlock[] {
  const out: MdBlock[] = [];
  const nested = nesting + 1;
  for (const node of nodes) {
    if (nested > MD_MAX_BLOCK_NESTING && (node.type === 'blockquote' || node.type === 'list')) {
      const text = textOf(node).trim();
      if (text) out.push({ t: 'p', c: [text] });
      continue;
    }
    switch (node.type) {
      case 'paragraph':
        out.push({ t: 'p', c: inline(node.children, 0) });
        break;
      case 'heading':
        out.push({ t: 'h', level: Math.min(6, node.depth + 2) as 3 | 4 | 5 | 6, c: inline(node.children, 0) });
        break;
      case 'code':
        out.push({ t: 'pre', lang: node.lang && /^[\w+#.-]{1,30}$/.test(node.lang) ? node.lang : null, v: node.value });
        break;
      case 'blockquote':
        out.push({ t: 'quote', c: blocks(node.children, nested) });
        break;
      case 'list':
        out.push({
          t: 'list',
          ordered: Boolean(node.ordered),
          start: node.ordered && typeof node.start === 'number' && node.start !== 1 ? node.start : null,
          items: node.children.map((item) => ({ checked: item.checked ?? null, c: blocks(item.children, nested) })),
        });
        break;
      case 'thematicBreak':
        out.push({ t: 'hr' });
        break;
      case 'table': {
        const [head, ...rows] = node.children;
        out.push({
          t: 'table',
          head: head ? head.children.map((cell) => inline(cell.children, 0)) : [],
          rows: rows.map((row) => row.children.map((cell) => inline(cell.children, 0))),
        });
        break;
      }
      case 'html':
        out.push({ t: 'p', c: [node.value] });
        break;
      default: {
        const text = textOf(node).trim();
        if (text) out.push({ t: 'p', c: [text] });
      }
    }
  }
  return out;
}

/** The source as plain text: paragraphs at blank lines, line breaks kept. */
export function plainTextDoc(source: string): MdDoc {
  const out: MdBlock[] = [];
  for (const paragraph of source.slice(0, MAX_SOURCE).split(/\r?\n(?:[ \t]*\r?\n)+/)) {
    const lines = paragraph.split(/\r?\n/);
    const c: MdInline[] = [];
    lines.forEach((line, i) => {
      if (i > 0) c.push({ t: 'br' });
      if (line) c.push(line);
    });
    if (paragraph.trim()) out.push({ t: 'p', c });
  }
  return out;
}

/**
 * The syntax tree of `source`, nesting within the bounds (containers bounded before the parse,
 * inline constructs while parsing); null when the container nesting could not be settled.
 */
export function parseMarkdown(source: string): Root | null {
  const bounded = boundContainerNesting(source.slice(0, MAX_SOURCE));
  if (bounded === null) return null;
  return fromMarkdown(bounded, { extensions: [gfm(), inlineNestingBound()], mdastExtensions: [gfmFromMarkdown()] });
}

/**
 * Parses Markdown into the safe tree, within the nesting bounds. Never throws: should the
 * parse or the conversion fail anyway, the source comes back as plain text.
 */
export function renderMarkdown(source: string): MdDoc {
  // A pure function of the text: a page shown again (a post's body, its comments, status notes)
  // reuses the tree instead of parsing the same Markdown on every request.
  // A tree with mentions is handed out as a copy: its names are filled in per request
  // (features/mentions showCurrentMentionNames writes into the tree).
  // So is a tree with uploaded images, whose sizes are filled in per text (features/attachments).
  const own = (doc: MdDoc) => (source.includes('](user:') || source.includes('/api/v1/attachments/') ? structuredClone(doc) : doc);
  const kept = rendered.get(source);
  if (kept) {
    rendered.delete(source);
    rendered.set(source, kept);
    return own(kept);
  }
  const doc = renderUncached(source);
  if (source.length <= MAX_KEPT_SOURCE) {
    if (rendered.size >= MAX_KEPT) rendered.delete(rendered.keys().next().value as string);
    rendered.set(source, doc);
  }
  return own(doc);
}

/** The most recently used rendered texts (least recently used dropped first). */
const MAX_KEPT = 2000;
const MAX_KEPT_SOURCE = 20_000;
const rendered = new Map<string, MdDoc>();

function renderUncached(source: string): MdDoc {
  try {
    const tree = parseMarkdown(source);
    if (tree === null) return plainTextDoc(source);
    return blocks(tree.children, 0);
  } catch (err) {
    logger().warn({ err: err instanceof Error ? err.name : 'unknown', length: source.length }, 'markdown shown as plain text');
    return plainTextDoc(source);
  }
}
