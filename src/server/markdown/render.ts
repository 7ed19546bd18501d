/**
 * Markdown (CommonMark + GFM) to the safe tree of lib/markdown-tree: raw HTML is kept as
 * literal text, only http(s), mailto and same-site links survive, images become links (no
 * third-party requests from a page), headings start at level 3 under the page's own headings.
 */
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { MdBlock, MdDoc, MdInline } from '@/lib/markdown-tree';

const MAX_DEPTH = 12;

/** A link target that is safe to follow: http(s), mailto, or a path on this site. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^\/(?!\/)/.test(trimmed) || trimmed.startsWith('#')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:' || parsed.protocol === 'mailto:') return parsed.href;
  } catch {
    return null;
  }
  return null;
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('');
  return '';
}

function inline(nodes: PhrasingContent[], depth: number): MdInline[] {
  const out: MdInline[] = [];
  const push = (item: MdInline) => {
    const last = out[out.length - 1];
    if (typeof item === 'string' && typeof last === 'string') out[out.length - 1] = last + item;
    else out.push(item);
  };
  for (const node of nodes) {
    if (depth > MAX_DEPTH) {
      push(textOf(node));
      continue;
    }
    switch (node.type) {
      case 'text':
      case 'html':
        push(node.value);
        break;
      case 'emphasis':
        push({ t: 'em', c: inline(node.children, depth + 1) });
        break;
      case 'strong':
        push({ t: 'strong', c: inline(node.children, depth + 1) });
        break;
      case 'delete':
        push({ t: 'del', c: inline(node.children, depth + 1) });
        break;
      case 'inlineCode':
        push({ t: 'code', v: node.value });
        break;
      case 'break':
        push({ t: 'br' });
        break;
      case 'link': {
        const href = safeHref(node.url);
        const children = inline(node.children, depth + 1);
        if (href) push({ t: 'a', href, c: children });
        else for (const c of children) push(c);
        break;
      }
      case 'image': {
        const href = safeHref(node.url);
        const label = node.alt || 'image';
        push(href ? { t: 'a', href, c: [label] } : label);
        break;
      }
      default:
        // Footnote references, link references without a definition and the like: their text.
        push(textOf(node));
    }
  }
  return out;
}

function blocks(nodes: RootContent[], depth: number): MdBlock[] {
  const out: MdBlock[] = [];
  for (const node of nodes) {
    if (depth > MAX_DEPTH) {
      out.push({ t: 'p', c: [textOf(node)] });
      continue;
    }
    switch (node.type) {
      case 'paragraph':
        out.push({ t: 'p', c: inline(node.children, depth + 1) });
        break;
      case 'heading':
        out.push({ t: 'h', level: Math.min(6, node.depth + 2) as 3 | 4 | 5 | 6, c: inline(node.children, depth + 1) });
        break;
      case 'code':
        out.push({ t: 'pre', lang: node.lang && /^[\w+#.-]{1,30}$/.test(node.lang) ? node.lang : null, v: node.value });
        break;
      case 'blockquote':
        out.push({ t: 'quote', c: blocks(node.children, depth + 1) });
        break;
      case 'list':
        out.push({
          t: 'list',
          ordered: Boolean(node.ordered),
          start: node.ordered && typeof node.start === 'number' && node.start !== 1 ? node.start : null,
          items: node.children.map((item) => ({ checked: item.checked ?? null, c: blocks(item.children, depth + 1) })),
        });
        break;
      case 'thematicBreak':
        out.push({ t: 'hr' });
        break;
      case 'table': {
        const [head, ...rows] = node.children;
        out.push({
          t: 'table',
          head: head ? head.children.map((cell) => inline(cell.children, depth + 1)) : [],
          rows: rows.map((row) => row.children.map((cell) => inline(cell.children, depth + 1))),
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

/** Parses Markdown into the safe tree. Input is bounded by the validation limits (≤ 50,000 characters). */
export function renderMarkdown(source: string): MdDoc {
  const tree = fromMarkdown(source.slice(0, 60_000), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  return blocks(tree.children, 0);
}
