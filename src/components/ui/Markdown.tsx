import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import {
  attachmentPath,
  attachmentWebPath,
  MD_MAX_BLOCK_NESTING,
  MD_MAX_INLINE_NESTING,
  mdText,
  type MdBlock,
  type MdDoc,
  type MdInline,
} from '@/lib/markdown-tree';

/** rel for every user-written link (SPEC.md §5). */
const USER_LINK_REL = 'nofollow ugc noopener';

/*
 * The tree becomes React elements here, eagerly, in plain functions: they run inside the
 * try/catch of <Markdown>, which is the only guard while rendering on the server (React uses no
 * error boundaries there). Every leaf is a string, so rendering the result cannot throw either.
 * Nesting is bounded as on the server: anything deeper than the bounds is shown as its text.
 */

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 100_000;

/**
 * An uploaded image: the web-sized copy, sized so the page does not jump, linking to the stored
 * copy (unless it already sits in a link). Without its size (not this text's image) it is a link.
 */
function imageNode(node: Extract<MdInline, { t: 'img' }>, key: number, inLink: boolean): ReactNode {
  const id = String(node.id);
  const alt = String(node.alt);
  if (!positive(node.w) || !positive(node.h)) {
    return inLink ? (
      alt
    ) : (
      <a key={key} href={attachmentPath(id)} rel={USER_LINK_REL}>
        {alt}
      </a>
    );
  }
  const img = (
    // eslint-disable-next-line @next/next/no-img-element -- served by our own route, already sized; next/image would fetch it again to resize
    <img
      key={inLink ? key : undefined}
      src={attachmentWebPath(id)}
      alt={alt}
      width={node.w}
      height={node.h}
      loading="lazy"
      decoding="async"
      className="attachment-image"
      data-testid="attachment-image"
    />
  );
  if (inLink) return img;
  return (
    <a key={key} href={attachmentPath(id)} rel={USER_LINK_REL} className="attachment-link">
      {img}
    </a>
  );
}

function inlineNodes(nodes: MdInline[], nesting: number, inLink = false): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    switch (node.t) {
      case 'em':
      case 'strong':
      case 'del':
      case 'a': {
        if (nesting >= MD_MAX_INLINE_NESTING) return mdText(node.c);
        const children = inlineNodes(node.c, nesting + 1, inLink || node.t === 'a');
        if (node.t === 'a') {
          return (
            <a key={i} href={String(node.href)} rel={USER_LINK_REL}>
              {children}
            </a>
          );
        }
        const Tag = node.t;
        return <Tag key={i}>{children}</Tag>;
      }
      case 'code':
        return <code key={i}>{String(node.v)}</code>;
      case 'mention':
        // No link: there are no profile pages to open.
        return (
          <span key={i} className="mention" data-testid="mention" dir="auto">
            {`@${String(node.v)}`}
          </span>
        );
      case 'br':
        return <br key={i} />;
      case 'img':
        return imageNode(node, i, inLink);
      default:
        return null;
    }
  });
}

function blockNode(node: MdBlock, key: number, nesting: number): ReactNode {
  switch (node.t) {
    case 'p':
      return (
        <p key={key} dir="auto">
          {inlineNodes(node.c, 0)}
        </p>
      );
    case 'h': {
      const Tag = `h${[3, 4, 5, 6].includes(node.level) ? node.level : 6}` as 'h3' | 'h4' | 'h5' | 'h6';
      return (
        <Tag key={key} dir="auto">
          {inlineNodes(node.c, 0)}
        </Tag>
      );
    }
    case 'pre':
      return (
        <pre key={key} dir="auto" data-lang={typeof node.lang === 'string' ? node.lang : undefined}>
          <code>{String(node.v)}</code>
        </pre>
      );
    case 'quote':
      if (nesting >= MD_MAX_BLOCK_NESTING) return <TextBlock key={key} text={mdText(node.c)} />;
      return (
        <blockquote key={key} dir="auto">
          {blockNodes(node.c, nesting + 1)}
        </blockquote>
      );
    case 'list': {
      if (nesting >= MD_MAX_BLOCK_NESTING) return <TextBlock key={key} text={mdText(node.items)} />;
      const items = node.items.map((item, i) => (
        <li key={i} dir="auto">
          {item.checked !== null ? <TaskBox checked={Boolean(item.checked)} /> : null}
          {blockNodes(item.c, nesting + 1, true)}
        </li>
      ));
      return node.ordered ? (
        <ol key={key} dir="auto" start={typeof node.start === 'number' ? node.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={key} dir="auto">
          {items}
        </ul>
      );
    }
    case 'hr':
      return <hr key={key} />;
    case 'table':
      return (
        <div key={key} className="overflow-x-auto">
          <table dir="auto">
            <thead>
              <tr>
                {node.head.map((cell, i) => (
                  <th key={i} scope="col" dir="auto">
                    {inlineNodes(cell, 0)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {node.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} dir="auto">
                      {inlineNodes(cell, 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    default:
      return null;
  }
}

/** `nesting`: how many quotes and lists enclose these blocks. */
function blockNodes(nodes: MdBlock[], nesting: number, tight = false): ReactNode {
  // A tight list item's single paragraph renders inline, as Markdown renderers usually do.
  if (tight && nodes.length === 1 && nodes[0]?.t === 'p') return inlineNodes(nodes[0].c, 0);
  return nodes.map((node, i) => blockNode(node, i, nesting));
}

/** Too-deep or malformed text, shown as one paragraph in its own direction. */
function TextBlock({ text }: { text: string }) {
  return <p dir="auto">{text}</p>;
}

/** A task list item's box, read out as done or not done. */
function TaskBox({ checked }: { checked: boolean }) {
  const t = useTranslations('ui');
  return (
    <input
      type="checkbox"
      checked={checked}
      readOnly
      disabled
      aria-label={checked ? t('markdown.done') : t('markdown.notDone')}
      className="me-1.5 align-middle"
    />
  );
}

/** Said instead of a piece of text that cannot be shown. */
function Unavailable() {
  const t = useTranslations('ui');
  return <>{t('markdown.unavailable')}</>;
}

/** The text instead, when the tree cannot be shown (it is malformed). */
function Fallback({ doc }: { doc: unknown }) {
  let text: string;
  try {
    text = mdText(doc);
  } catch {
    text = '';
  }
  return (
    <p className="whitespace-pre-wrap" dir={text ? 'auto' : undefined}>
      {text || (
        <span className="text-sm text-muted">
          <Unavailable />
        </span>
      )}
    </p>
  );
}

/**
 * In the browser, a failure while rendering one piece of Markdown (after hydration, or in a
 * preview) shows a note in its place; the rest of the page, with its controls, stays.
 */
class MarkdownBoundary extends Component<{ className: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Markdown could not be rendered', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={this.props.className}>
        <p className="text-sm text-muted">
          <Unavailable />
        </p>
      </div>
    );
  }
}

/**
 * Renders the server's safe Markdown tree: every piece of user text is a React text node. It
 * never throws: a tree it cannot show comes out as plain text. Every block takes its direction
 * from its own text (`dir="auto"`), so a Latin paragraph reads left to right in an Arabic page
 * and an Arabic one right to left in an English page.
 */
export function Markdown({ doc, className }: { doc: MdDoc; className?: string }) {
  const classes = `markdown ${className ?? ''}`.trim();
  let content: ReactNode;
  try {
    content = blockNodes(doc, 0);
  } catch {
    content = <Fallback doc={doc} />;
  }
  return (
    <MarkdownBoundary className={classes}>
      <div className={classes}>{content}</div>
    </MarkdownBoundary>
  );
}
