import type { ReactNode } from 'react';
import type { MdBlock, MdDoc, MdInline } from '@/lib/markdown-tree';

/** rel for every user-written link (SPEC.md §5). */
const USER_LINK_REL = 'nofollow ugc noopener';

function Inline({ nodes }: { nodes: MdInline[] }): ReactNode {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    switch (node.t) {
      case 'em':
        return <em key={i}><Inline nodes={node.c} /></em>;
      case 'strong':
        return <strong key={i}><Inline nodes={node.c} /></strong>;
      case 'del':
        return <del key={i}><Inline nodes={node.c} /></del>;
      case 'code':
        return <code key={i}>{node.v}</code>;
      case 'br':
        return <br key={i} />;
      case 'a':
        return (
          <a key={i} href={node.href} rel={USER_LINK_REL}>
            <Inline nodes={node.c} />
          </a>
        );
    }
  });
}

function Block({ node }: { node: MdBlock }): ReactNode {
  switch (node.t) {
    case 'p':
      return <p><Inline nodes={node.c} /></p>;
    case 'h': {
      const Tag = `h${node.level}` as const;
      return <Tag><Inline nodes={node.c} /></Tag>;
    }
    case 'pre':
      return (
        <pre data-lang={node.lang ?? undefined}>
          <code>{node.v}</code>
        </pre>
      );
    case 'quote':
      return <blockquote><Blocks nodes={node.c} /></blockquote>;
    case 'list': {
      const items = node.items.map((item, i) => (
        <li key={i}>
          {item.checked !== null ? <input type="checkbox" checked={item.checked} readOnly disabled aria-label={item.checked ? 'Done' : 'Not done'} className="mr-1.5 align-middle" /> : null}
          <Blocks nodes={item.c} tight />
        </li>
      ));
      return node.ordered ? <ol start={node.start ?? undefined}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'hr':
      return <hr />;
    case 'table':
      return (
        <div className="overflow-x-auto">
          <table>
            <thead>
              <tr>{node.head.map((cell, i) => <th key={i} scope="col"><Inline nodes={cell} /></th>)}</tr>
            </thead>
            <tbody>
              {node.rows.map((row, r) => (
                <tr key={r}>{row.map((cell, i) => <td key={i}><Inline nodes={cell} /></td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

function Blocks({ nodes, tight }: { nodes: MdBlock[]; tight?: boolean }): ReactNode {
  // A tight list item's single paragraph renders inline, as Markdown renderers usually do.
  if (tight && nodes.length === 1 && nodes[0]?.t === 'p') return <Inline nodes={nodes[0].c} />;
  return nodes.map((node, i) => <Block key={i} node={node} />);
}

/** Renders the server's safe Markdown tree: every piece of user text is a React text node. */
export function Markdown({ doc, className }: { doc: MdDoc; className?: string }) {
  return (
    <div className={`markdown ${className ?? ''}`.trim()}>
      <Blocks nodes={doc} />
    </div>
  );
}
