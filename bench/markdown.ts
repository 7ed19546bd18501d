/**
 * Markdown rendering time (src/server/markdown/render.ts) on adversarial input of the size of a
 * post body (10,000 characters), against ordinary text of the same size. In-process, no server.
 * Prints the fastest and the median of --runs runs (default 7) per input, the nesting of the
 * tree, and the load average; nothing fails on a figure.
 *
 *   node --import tsx bench/markdown.ts [--runs 7] [--size 10000]
 */
import { renderMarkdown } from '@/server/markdown/render';
import type { MdBlock, MdDoc, MdInline } from '@/lib/markdown-tree';
import { argValue, formatLoad, loadAvg, table } from './lib/server';

const RUNS = Number(argValue('runs') ?? 7);
const SIZE = Number(argValue('size') ?? 10_000);

/** `unit` repeated to SIZE characters, then `tail`. */
const fill = (unit: string, tail = 'x') => unit.repeat(Math.floor((SIZE - tail.length) / unit.length)) + tail;
const half = (open: string, close: string) =>
  open.repeat(Math.floor(SIZE / 2 / open.length)) + 'x' + close.repeat(Math.floor(SIZE / 2 / close.length));

const INPUTS: [string, string][] = [
  ['ordinary prose, lists and links', fill('Some **bold**, *em* and `code` with a [link](https://example.com/a).\n\n- one\n- two\n\n')],
  ['ordinary prose, one paragraph', fill('Some **bold**, *em* and `code` with a [link](https://example.com/a). ')],
  ['">" repeated', fill('>')],
  ['"> " repeated', fill('> ')],
  ['"- " repeated', fill('- ')],
  ['"1. " repeated', fill('1. ')],
  ['"- * 1. > " repeated', fill('- * 1. > ')],
  ['lists nested by indentation', Array.from({ length: 99 }, (_, i) => `${' '.repeat(i)}- x`).join('\n')],
  ['"[^a]: " repeated', fill('[^a]: ')],
  ['nested emphasis', half('*a ', ' a*')],
  ['nested strong', half('**a ', ' a**')],
  ['nested strikethrough', half('~~a ', ' a~~')],
  ['a run of 5,000 "*" each side', half('*', '*')],
  ['nested links', half('[', '](/a)')],
  ['nested images', half('![a', '](/a)')],
  ['"[*" repeated', fill('[*')],
  ['"*_~[![" repeated', fill('*_~[![')],
  ['"*a**" repeated (rule of three)', fill('*a**')],
  ['closers without openers "a* "', fill('a* ')],
  ['"]" without "[": "a] "', fill('a] ')],
  ['"[a]" repeated', fill('[a]')],
  ['pairs "*a* " repeated', fill('*a* ')],
  ['one "[" then words', '[' + fill(' a')],
  ['code spans "`a"', fill('`a')],
  ['"<a " repeated', fill('<a ')],
];

function nesting(doc: MdDoc): string {
  let block = 0;
  let inline = 0;
  const stack: [MdBlock | MdInline, number, number][] = doc.map((n) => [n, 0, 0]);
  while (stack.length > 0) {
    const [node, b, i] = stack.pop()!;
    block = Math.max(block, b);
    inline = Math.max(inline, i);
    if (typeof node === 'string') continue;
    if (node.t === 'quote') for (const c of node.c) stack.push([c, b + 1, 0]);
    else if (node.t === 'list') for (const item of node.items) for (const c of item.c) stack.push([c, b + 1, 0]);
    else if (node.t === 'p' || node.t === 'h') for (const c of node.c) stack.push([c, b, 0]);
    else if (node.t === 'em' || node.t === 'strong' || node.t === 'del' || node.t === 'a')
      for (const c of node.c) stack.push([c, b, i + 1]);
  }
  return `${block}/${inline}`;
}

const before = loadAvg();
renderMarkdown(INPUTS[0]![1]); // warm up the parser
const rows: string[][] = [];
for (const [name, source] of INPUTS) {
  const times: number[] = [];
  let doc: MdDoc = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    doc = renderMarkdown(source);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rows.push([name, String(source.length), times[0]!.toFixed(1), times[Math.floor(times.length / 2)]!.toFixed(1), nesting(doc)]);
}
console.log(table([['input', 'chars', 'fastest ms', 'median ms', 'nesting block/inline'], ...rows]));
console.log(`load average before ${formatLoad(before)}, after ${formatLoad(loadAvg())}`);
