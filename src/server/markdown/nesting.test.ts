import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
// The browser's renderer too: what the parser makes must render on the server without throwing.
import { Markdown } from '@/components/ui/Markdown';
import { MD_MAX_BLOCK_NESTING, MD_MAX_INLINE_NESTING, type MdBlock, type MdDoc, type MdInline } from '@/lib/markdown-tree';
import { withIntl } from '@/test/intl';
import { boundContainerNesting } from './container-depth';
import { inlineNestingBound } from './inline-depth';
import { parseMarkdown, renderMarkdown } from './render';

/** How deeply a safe tree nests: quotes/lists, and em/strong/del/a (counted without recursion). */
export function treeNesting(doc: MdDoc): { block: number; inline: number } {
  let block = 0;
  let inline = 0;
  const stack: [MdBlock | MdInline, number, number][] = doc.map((node) => [node, 0, 0]);
  while (stack.length > 0) {
    const [node, b, i] = stack.pop()!;
    block = Math.max(block, b);
    inline = Math.max(inline, i);
    if (typeof node === 'string') continue;
    switch (node.t) {
      case 'quote':
        for (const child of node.c) stack.push([child, b + 1, 0]);
        break;
      case 'list':
        for (const item of node.items) for (const child of item.c) stack.push([child, b + 1, 0]);
        break;
      case 'p':
      case 'h':
        for (const child of node.c) stack.push([child, b, 0]);
        break;
      case 'table':
        for (const cell of [...node.head, ...node.rows.flat()]) for (const child of cell) stack.push([child, b, 0]);
        break;
      case 'em':
      case 'strong':
      case 'del':
      case 'a':
        for (const child of node.c) stack.push([child, b, i + 1]);
        break;
    }
  }
  return { block, inline };
}

/** How deeply the parser's own tree nests: containers, and inline constructs with children. */
function syntaxNesting(root: Root): { block: number; inline: number } {
  let block = 0;
  let inline = 0;
  const stack: [Nodes, number, number][] = [[root, 0, 0]];
  while (stack.length > 0) {
    const [node, b, i] = stack.pop()!;
    const container = node.type === 'blockquote' || node.type === 'list' || node.type === 'footnoteDefinition';
    const span =
      node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete' || node.type === 'link' || node.type === 'linkReference';
    const nb = b + (container ? 1 : 0);
    const ni = i + (span ? 1 : 0);
    block = Math.max(block, nb);
    inline = Math.max(inline, ni);
    if ('children' in node) for (const child of node.children) stack.push([child as Nodes, nb, ni]);
  }
  return { block, inline };
}

function expectWithinBounds(source: string) {
  const doc = renderMarkdown(source);
  const tree = treeNesting(doc);
  expect(tree.block).toBeLessThanOrEqual(MD_MAX_BLOCK_NESTING);
  expect(tree.inline).toBeLessThanOrEqual(MD_MAX_INLINE_NESTING);
  // The bound holds in the parser's own tree, not only after conversion.
  const root = parseMarkdown(source);
  expect(root).not.toBeNull();
  const syntax = syntaxNesting(root!);
  expect(syntax.block).toBeLessThanOrEqual(MD_MAX_BLOCK_NESTING);
  expect(syntax.inline).toBeLessThanOrEqual(MD_MAX_INLINE_NESTING);
  return doc;
}

/** The innermost block down the last children of quotes and lists, and how many levels it took. */
function innermost(doc: MdDoc): { levels: number; block: MdBlock } {
  let levels = 0;
  let block = doc[0]!;
  for (;;) {
    const next = block.t === 'quote' ? block.c.at(-1) : block.t === 'list' ? block.items.at(-1)?.c.at(-1) : undefined;
    if (!next) return { levels, block };
    levels++;
    block = next;
  }
}

const paragraphText = (block: MdBlock) => (block.t === 'p' ? block.c.filter((c) => typeof c === 'string').join('') : '');

// Fits the longest field anyone but the team writes (a post body: 10,000 characters).
const LIMIT = 10_000;
const fill = (unit: string, tail = 'x') => unit.repeat(Math.floor((LIMIT - tail.length) / unit.length)) + tail;

describe('block nesting is bounded before parsing; excess markers are text', () => {
  it.each([
    ['block quotes', '>'.repeat(4999) + 'x', '>'],
    ['spaced block quotes', fill('> '), '> '],
    ['bullet lists', fill('- '), '- '],
    ['starred lists', fill('* '), '* '],
    ['plus lists', fill('+ '), '+ '],
    ['ordered lists', fill('1. '), '1. '],
    ['ordered lists with )', fill('7) '), '7) '],
    ['mixed markers', fill('- * 1. > + '), ''],
  ])('%s', (_name, source, marker) => {
    const doc = expectWithinBounds(source);
    const { levels, block } = innermost(doc);
    expect(levels).toBe(MD_MAX_BLOCK_NESTING);
    // What did not nest is there as text, markers included.
    const text = paragraphText(block);
    expect(text.endsWith('x')).toBe(true);
    if (marker) expect(text.startsWith(marker.trim())).toBe(true);
  });

  it('footnote definitions (containers while parsing, text in the safe tree)', () => {
    expectWithinBounds(fill('[^a]: '));
    expect(syntaxNesting(parseMarkdown(fill('[^a]: '))!).block).toBe(MD_MAX_BLOCK_NESTING);
  });

  it('lists nested by indentation, one level per line', () => {
    const source = Array.from({ length: 120 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    const doc = expectWithinBounds(source);
    expect(innermost(doc).levels).toBe(MD_MAX_BLOCK_NESTING);
    expect(JSON.stringify(doc)).toContain('level 119');
  });

  it('quotes and lists alternating over lines and lazy continuation lines', () => {
    const lines: string[] = [];
    for (let i = 0; i < 300; i++)
      lines.push(`${'> '.repeat(i % 40)}${i % 3 === 0 ? '- ' : i % 3 === 1 ? '1. ' : ''}line ${i}`, `lazy ${i}`);
    expectWithinBounds(lines.join('\n').slice(0, LIMIT));
  });

  it('leaves nesting within the bound alone', () => {
    const source = `${'> '.repeat(MD_MAX_BLOCK_NESTING)}deep\n\n- a\n  - b\n    1. c\n       > d`;
    expect(boundContainerNesting(source)).toBe(source);
    const doc = renderMarkdown(source);
    expect(innermost(doc).levels).toBe(MD_MAX_BLOCK_NESTING);
    expect(treeNesting(doc.slice(1)).block).toBe(4);
    expect(innermost(doc.slice(1)).block).toEqual({ t: 'p', c: ['d'] });
  });

  it('escapes a refused marker so that it reads as text, and settles in a pass or two', () => {
    expect(boundContainerNesting(`${'>'.repeat(12)}x`)).toBe(`${'>'.repeat(10)}\\>>x`);
    expect(boundContainerNesting(`${'12. '.repeat(11)}x`)).toBe(`${'12. '.repeat(10)}12\\. x`);
  });
});

describe('inline nesting is bounded while parsing; excess markers are text', () => {
  it.each([
    ['emphasis', fill('*a ', 'x') + ' a*'.repeat(1000)],
    ['emphasis, balanced', '*a '.repeat(1666) + 'x' + ' a*'.repeat(1666)],
    ['underscores', '_a '.repeat(1666) + 'x' + ' a_'.repeat(1666)],
    ['strong', '**a '.repeat(1250) + 'x' + ' a**'.repeat(1250)],
    ['long runs', '*'.repeat(4999) + 'x' + '*'.repeat(4999)],
    ['strikethrough', '~~a '.repeat(1250) + 'x' + ' a~~'.repeat(1250)],
    ['single tildes', '~a '.repeat(1666) + 'x' + ' a~'.repeat(1666)],
    ['links in links', '['.repeat(4999) + 'x' + '](/a)'.repeat(999)],
    ['images in images', '![a'.repeat(1400) + '](/a)'.repeat(1400)],
    ['brackets and emphasis', '[*'.repeat(3333) + 'x'],
    ['every marker', fill('*_~[![')],
    ['reference links', '[a]: /u\n\n' + '[a '.repeat(3000) + '][a]'.repeat(300)],
    ['autolinks inside', '~! '.repeat(1000) + 'x@y.example www.a.example <https://b.example> ' + ':~:'.repeat(1000)],
  ])('%s', (_name, source) => {
    expectWithinBounds(source);
  });

  it('keeps the outer levels and shows the rest as text; the last level is for a link', () => {
    // Spans nest one short of the bound, so that an autolink or image inside them still fits.
    const spans = MD_MAX_INLINE_NESTING - 1;
    const doc = expectWithinBounds('*a '.repeat(20) + 'x www.example.com' + ' a*'.repeat(20));
    expect(treeNesting(doc).inline).toBe(MD_MAX_INLINE_NESTING);
    const json = JSON.stringify(doc);
    expect(json).toContain(`"a ${'*a '.repeat(20 - spans)}x "`);
    expect(json).toContain('"www.example.com"');
    expect(json).toContain(`"${' a*'.repeat(20 - spans)}"`);
  });

  it('leaves ordinary emphasis, links and autolinks alone', () => {
    expect(renderMarkdown('***a** b* [*c* ~~d~~](/e) www.example.com snake_case_name')).toEqual([
      {
        t: 'p',
        c: [
          { t: 'em', c: [{ t: 'strong', c: ['a'] }, ' b'] },
          ' ',
          { t: 'a', href: '/e', c: [{ t: 'em', c: ['c'] }, ' ', { t: 'del', c: ['d'] }] },
          ' ',
          { t: 'a', href: 'http://www.example.com/', c: ['www.example.com'] },
          ' snake_case_name',
        ],
      },
    ]);
  });

  it('replaces micromark constructs in place: each code tries them in micromark’s own order', () => {
    const extension = inlineNestingBound();
    const disabled = new Set(extension.disable?.null ?? []);
    const list = (record: Record<string, unknown>, code: string) => [record[code]].flat() as { name?: string }[];
    const stock = parse({ extensions: [gfm()] }).constructs.text as Record<string, unknown>;
    const bounded = parse({ extensions: [gfm(), extension] }).constructs.text as Record<string, unknown>;
    for (const code of Object.keys(stock)) {
      const expected = list(stock, code).map((c) => (disabled.has(c.name!) ? `bounded-${c.name}` : c.name));
      const actual = list(bounded, code)
        .map((c) => c.name)
        .filter((name) => !disabled.has(name!));
      expect(actual, `constructs at ${code}`).toEqual(expected);
    }
  });
});

describe('rendering never throws and always stays within the bounds', () => {
  // Pieces that nest, open, close or break things, in runs of any length.
  const piece = fc.oneof(
    fc.constantFrom(
      '>',
      '> ',
      '- ',
      '* ',
      '+ ',
      '1. ',
      '2) ',
      '   ',
      '\t',
      '\n',
      '\n\n',
      '*',
      '**',
      '_',
      '__',
      '~',
      '~~',
      '[',
      ']',
      '![',
      '](/a)',
      '](',
      ')',
      '[^n]: ',
      '[^n]',
      '`',
      '``',
      '<',
      '<a href="',
      '">',
      '\\',
      'a',
      'b c',
      '|',
      '---',
      '```',
      'www.a.example',
      'x@y.example',
      '&amp;',
      '# ',
    ),
    fc.string({ maxLength: 4 }),
  );
  const run = fc.tuple(piece, fc.integer({ min: 1, max: 400 })).map(([p, n]) => p.repeat(n));
  const markdown = fc.array(fc.oneof(piece, run), { maxLength: 40 }).map((parts) => parts.join('').slice(0, LIMIT));

  it('on random and adversarial Markdown, and React renders the tree', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const doc = expectWithinBounds(source);
        expect(() => renderToStaticMarkup(withIntl(createElement(Markdown, { doc })))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000, unit: 'binary' }), (source) => {
        expect(() => renderMarkdown(source)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
