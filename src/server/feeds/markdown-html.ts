/**
 * The safe Markdown tree (lib/markdown-tree, made by server/markdown/render.ts) written out as an
 * HTML fragment for feed readers. Only the tree's few element kinds exist, every string is
 * escaped, and the only attribute is a link target that `renderMarkdown` already checked
 * (http(s), mailto or a path on this site), made absolute here because a feed is read away from
 * the site. No user text can become markup.
 */
import { MD_MAX_BLOCK_NESTING, MD_MAX_INLINE_NESTING, mdText, type MdBlock, type MdDoc, type MdInline } from '@/lib/markdown-tree';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A checked target made absolute against the site; null when it is not a URL after all. */
function absoluteHref(href: string, origin: string): string | null {
  try {
    const url = new URL(href, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
  } catch {
    return null;
  }
}

function inline(nodes: readonly MdInline[], origin: string, depth: number): string {
  if (depth > MD_MAX_INLINE_NESTING) return escapeHtml(mdText(nodes));
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeHtml(node);
      switch (node.t) {
        case 'em':
        case 'strong':
        case 'del':
          return `<${node.t}>${inline(node.c, origin, depth + 1)}</${node.t}>`;
        case 'code':
          return `<code>${escapeHtml(node.v)}</code>`;
        case 'br':
          return '<br>';
        case 'a': {
          const href = absoluteHref(node.href, origin);
          const text = inline(node.c, origin, depth + 1);
          return href ? `<a href="${escapeHtml(href)}" rel="nofollow ugc noopener">${text}</a>` : text;
        }
        default:
          return '';
      }
    })
    .join('');
}

function block(node: MdBlock, origin: string, depth: number): string {
  if (depth > MD_MAX_BLOCK_NESTING) return `<p>${escapeHtml(mdText(node))}</p>`;
  switch (node.t) {
    case 'p':
      return `<p>${inline(node.c, origin, 0)}</p>`;
    case 'h':
      return `<h${node.level}>${inline(node.c, origin, 0)}</h${node.level}>`;
    case 'pre':
      return `<pre><code>${escapeHtml(node.v)}</code></pre>`;
    case 'quote':
      return `<blockquote>${blocks(node.c, origin, depth + 1)}</blockquote>`;
    case 'hr':
      return '<hr>';
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.ordered && node.start !== null && node.start !== 1 ? ` start="${Number(node.start) | 0}"` : '';
      const items = node.items
        .map((item) => `<li>${item.checked === null ? '' : item.checked ? '[x] ' : '[ ] '}${blocks(item.c, origin, depth + 1)}</li>`)
        .join('');
      return `<${tag}${start}>${items}</${tag}>`;
    }
    case 'table': {
      const row = (cells: MdInline[][], cell: 'th' | 'td') =>
        `<tr>${cells.map((c) => `<${cell}>${inline(c, origin, 0)}</${cell}>`).join('')}</tr>`;
      return `<table><thead>${row(node.head, 'th')}</thead><tbody>${node.rows.map((r) => row(r, 'td')).join('')}</tbody></table>`;
    }
    default:
      return '';
  }
}

function blocks(nodes: readonly MdBlock[], origin: string, depth: number): string {
  return nodes.map((n) => block(n, origin, depth)).join('');
}

/** The tree as an HTML fragment; links absolute against `origin` (the site's public origin). */
export function markdownTreeToHtml(doc: MdDoc, origin: string): string {
  return blocks(doc, origin, 0);
}
