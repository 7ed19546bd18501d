/**
 * Bounds how deeply block containers (block quotes, lists, footnote definitions) nest, before
 * the Markdown is parsed for real.
 *
 * A structure pass runs micromark's own document tokenizer over the source, with every
 * container construct wrapped so that it refuses to open a container deeper than
 * MD_MAX_BLOCK_NESTING; the marker where a container was refused gets a backslash, so the real
 * parse reads it (and the rest of its line) as text. The pass tokenizes containers and flow only:
 * inline content is not parsed here, so it is linear in the input once the depth is bounded.
 * (Unbounded, micromark takes quadratic time on `- - - …` and the tree is thousands deep.)
 *
 * Escaping can change how a later line continues (a refused `- ` may have been a setext
 * underline, its escaped form is paragraph text), so the pass runs again on the escaped text
 * until it refuses nothing; the result is then known to parse within the bound.
 */
import { gfm } from 'micromark-extension-gfm';
import { parse, preprocess } from 'micromark';
import type { Code, Construct, ContainerState, State, TokenizeContext } from 'micromark-util-types';
import { MD_MAX_BLOCK_NESTING } from '@/lib/markdown-tree';

/** Text constructs the structure pass has no use for (it never parses inline content). */
const INLINE_CONSTRUCTS = [
  'attention',
  'autolink',
  'codeText',
  'htmlText',
  'labelStartImage',
  'labelStartLink',
  'labelEnd',
  'strikethrough',
  'gfmFootnoteCall',
  'gfmPotentialFootnoteCall',
  'wwwAutolink',
  'protocolAutolink',
  'emailAutolink',
];

/** Structure passes before giving up (each pass only adds escapes; two are the norm). */
const MAX_PASSES = 4;

/**
 * The source with a backslash before every container marker that would nest deeper than
 * `max`, or null when that cannot be settled within a few passes (then the caller shows the
 * text as plain text).
 */
export function boundContainerNesting(source: string, max = MD_MAX_BLOCK_NESTING): string | null {
  let text = source;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const refused = refusedContainerMarkers(text, max);
    if (refused.length === 0) return text;
    text = insertEscapes(
      text,
      refused.map((offset) => markerEscapeOffset(text, offset)),
    );
  }
  return null;
}

/** Offsets where a container marker was refused because it would nest deeper than `max`. */
export function refusedContainerMarkers(text: string, max: number): number[] {
  const parser = parse({ extensions: [gfm(), { disable: { null: INLINE_CONSTRUCTS } }] });
  const refused = new Set<number>();
  const depths = new WeakMap<ContainerState, number>();
  // The depth of the deepest container matched or opened so far on the current line. A new
  // container's parent is the deepest one matched on its line, or one opened on its line to its
  // left (`effects.check` runs a container start once before the real attempt at the same
  // column, so an opening at the same column is not its own parent).
  const continued = { line: 0, depth: 0 };
  const opened = { line: 0, column: 0, depth: 0 };

  const wrap = (construct: Construct): Construct => {
    const { tokenize, continuation } = construct;
    return {
      ...construct,
      tokenize(this: TokenizeContext, effects, ok, nok) {
        const { line, column, offset } = this.now();
        const parent = Math.max(
          continued.line === line ? continued.depth : 0,
          opened.line === line && opened.column < column ? opened.depth : 0,
        );
        const depth = parent + 1;
        if (depth > max) {
          // Tokenize anyway, to learn whether a container really starts here, then refuse it.
          return tokenize.call(
            this,
            effects,
            (code: Code): State | undefined => {
              refused.add(offset);
              return nok(code);
            },
            nok,
          );
        }
        return tokenize.call(
          this,
          effects,
          (code: Code): State | undefined => {
            if (this.containerState) depths.set(this.containerState, depth);
            Object.assign(opened, { line, column, depth });
            return ok(code);
          },
          nok,
        );
      },
      continuation: continuation && {
        ...continuation,
        tokenize(this: TokenizeContext, effects, ok, nok) {
          const { line } = this.now();
          return continuation.tokenize.call(
            this,
            effects,
            (code: Code): State | undefined => {
              const depth = this.containerState ? depths.get(this.containerState) : undefined;
              if (depth !== undefined) Object.assign(continued, { line, depth });
              return ok(code);
            },
            nok,
          );
        },
      },
    };
  };

  // `parse` builds a fresh construct table per call, so replacing its container entries here
  // affects this pass only.
  const documentConstructs = parser.constructs.document;
  for (const code of Object.keys(documentConstructs)) {
    const entry = documentConstructs[code as unknown as number];
    if (entry) documentConstructs[code as unknown as number] = (Array.isArray(entry) ? entry : [entry]).map(wrap);
  }
  parser.document().write(preprocess()(text, undefined, true));
  return [...refused].sort((a, b) => a - b);
}

/** Where the backslash goes for a refused marker: before `>`, `-`, `+`, `*` or `[`; for `12.` before the `.`. */
function markerEscapeOffset(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
  return at;
}

/** Inserts a backslash before each given offset (ascending, distinct). */
export function insertEscapes(text: string, offsets: number[]): string {
  if (offsets.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const at of offsets) {
    parts.push(text.slice(from, at), '\\');
    from = at;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
