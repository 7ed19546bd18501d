/**
 * Bounds how deeply inline constructs (emphasis, strong, strikethrough, links and images) nest,
 * while micromark tokenizes them.
 *
 * micromark finds every `*`, `_` and `~` run and every `[`/`![` while it tokenizes a paragraph,
 * and pairs runs only afterwards, in a pass whose cost grows with how deeply the pairs nest
 * (nested brackets cost the same at each `]`). This extension wraps the constructs that
 * tokenize them and keeps, per paragraph, the openers that may still be open: a run can only
 * close an opener micromark could pair it with (same marker, the rule of three, never across an
 * unclosed `[`), and a link that forms closes everything opened inside its text. When a new
 * opener would take that count past the bound (see inlineNestingBound), the run is marked as
 * unable to open (micromark then leaves it as text) and a `[` is not taken as a link. A run
 * counts each of its markers (three `*` may open three levels), so the count can only
 * overestimate the real nesting, and the tree never nests deeper than MD_MAX_INLINE_NESTING.
 *
 * Pairing is also where micromark is quadratic without any nesting: every pair it forms moves
 * the rest of the paragraph's events, and every closing run that finds no opener walks back over
 * the whole paragraph. So a paragraph gets at most MAX_RUNS_PER_PARAGRAPH runs that may pair and
 * MAX_LINKS_PER_PARAGRAPH `[`s (further ones are text), and runs with nothing to close are told
 * so (see onRun).
 */
import { gfm } from 'micromark-extension-gfm';
import { parse } from 'micromark';
import type { Code, Construct, Extension, State, Token, TokenizeContext } from 'micromark-util-types';
import { MD_MAX_INLINE_NESTING } from '@/lib/markdown-tree';

type Opener = { kind: 'bracket' } | { kind: 'run'; marker: number; strike: boolean; count: number; close: boolean };

/** The openers of one paragraph (heading, table cell) that may still be closed. */
interface Paragraph {
  openers: Opener[];
  /** Where the last `]` that closed no image (`![…]` text) was. */
  imageLabelEndAt: number;
  /** Closing runs that found nothing to close in reach (see onRun). */
  unpaired: number;
  /** Runs left able to pair, and `[`s taken as links, so far. */
  runs: number;
  links: number;
}

/** Far beyond what prose needs: 250 emphasised spans, 200 links in one paragraph. */
const MAX_RUNS_PER_PARAGRAPH = 500;
const MAX_LINKS_PER_PARAGRAPH = 200;

/**
 * Closing runs per paragraph that micromark may search for an opener across an open `[`
 * (which may yet prove to be text); past this many, such runs close nothing.
 */
const MAX_UNPAIRED_SEARCHES = 64;

const nestingOf = (openers: Opener[]) => openers.reduce((sum, o) => sum + (o.kind === 'bracket' ? 1 : o.count), 0);

let stockText: Record<string, Construct[]> | undefined;

/** micromark's own text constructs (with GFM), per character code, in the order it tries them. */
function stockTextConstructs(): Record<string, Construct[]> {
  if (stockText) return stockText;
  const table: Record<string, Construct[]> = {};
  for (const [code, entry] of Object.entries(parse({ extensions: [gfm()] }).constructs.text)) {
    table[code] = Array.isArray(entry) ? entry : entry ? [entry] : [];
  }
  return (stockText = table);
}

/**
 * A construct table that puts `replace(construct)` in place of each construct `replace` answers
 * for: the originals are disabled by name and the replacements added behind them, so at every
 * character code they are tried in micromark's own order (they are the last ones at each code,
 * which the tests check).
 */
function replaceConstructs(replace: (construct: Construct) => Construct | undefined): Extension {
  const replacements = new Map<Construct, Construct>();
  const names = new Set<string>();
  const text: Record<string, Construct[]> = {};
  for (const [code, list] of Object.entries(stockTextConstructs())) {
    const replaced: Construct[] = [];
    for (const construct of list) {
      let replacement = replacements.get(construct);
      if (!replacement) {
        const made = replace(construct);
        if (!made) continue;
        replacement = { ...made, name: `bounded-${construct.name}`, add: 'after' };
        replacements.set(construct, replacement);
      }
      if (construct.name) names.add(construct.name);
      replaced.push(replacement);
    }
    if (replaced.length > 0) text[code] = replaced;
  }
  return { disable: { null: [...names] }, text };
}

/**
 * A micromark extension (for one parse) that keeps inline nesting within `max`. Spans that hold
 * inline content (emphasis, strong, strikethrough, link text) nest at most `max - 1` deep: the
 * last level is kept for a link without nested content, an autolink (which GFM also finds in
 * text after the parse) or an image (a link in the safe tree).
 */
export function inlineNestingBound(max = MD_MAX_INLINE_NESTING): Extension {
  const limit = max - 1;
  const paragraphs = new WeakMap<TokenizeContext, Paragraph>();
  const paragraphOf = (context: TokenizeContext): Paragraph => {
    let paragraph = paragraphs.get(context);
    if (!paragraph) paragraphs.set(context, (paragraph = { openers: [], imageLabelEndAt: -1, unpaired: 0, runs: 0, links: 0 }));
    return paragraph;
  };

  /** A `*`/`_` run or a `~` run has been tokenized: pair it as micromark will, then bound what it opens. */
  const onRun = (paragraph: Paragraph, token: Token, marker: number, strike: boolean) => {
    if (!token._open && !token._close) return;
    if (paragraph.runs >= MAX_RUNS_PER_PARAGRAPH) {
      token._open = false;
      token._close = false;
      return;
    }
    pairRun(paragraph, token, marker, strike);
    if (token._open || token._close) paragraph.runs++;
  };

  const pairRun = (paragraph: Paragraph, token: Token, marker: number, strike: boolean) => {
    const size = token.end.offset - token.start.offset;
    const before = paragraph.openers.map((o) => ({ ...o }));
    let left = closeWith(paragraph.openers, marker, strike, size, Boolean(token._close), Boolean(token._open));
    if (token._open && left > 0) {
      if (nestingOf(paragraph.openers) + left <= limit) {
        paragraph.openers.push({ kind: 'run', marker, strike, count: left, close: Boolean(token._close) });
        return;
      }
      // Too deep: this run opens nothing. micromark's pairing reads the flag, and a run that
      // cannot open pairs differently as a closer (the rule of three), so pair it again.
      token._open = false;
      paragraph.openers = before;
      left = closeWith(paragraph.openers, marker, strike, size, Boolean(token._close), false);
    }
    // A closing run that found nothing to close: tell micromark, which would otherwise walk back
    // over the whole paragraph looking for an opener, for every such run (quadratic). While an
    // opener with its marker waits beyond an open `[`, micromark may still pair them (when the
    // `[` proves to be text), so leave a bounded number of those to micromark.
    if (!token._close || token._open || left !== size) return;
    const waiting = paragraph.openers.some((o) => o.kind === 'run' && o.marker === marker && o.strike === strike);
    if (!waiting || ++paragraph.unpaired > MAX_UNPAIRED_SEARCHES) token._close = false;
  };

  const run = (construct: Construct, strike: boolean, tokenType: string): Construct => ({
    ...construct,
    tokenize(this: TokenizeContext, effects, ok, nok) {
      let marker = 0;
      const start = construct.tokenize.call(
        this,
        effects,
        (code: Code): State | undefined => {
          const last = this.events[this.events.length - 1];
          if (last && last[0] === 'exit' && last[1].type === tokenType) onRun(paragraphOf(this), last[1], marker, strike);
          return ok(code);
        },
        nok,
      );
      return (code: Code) => {
        marker = code ?? 0;
        return start(code);
      };
    },
  });

  const labelStart = (construct: Construct): Construct => ({
    ...construct,
    tokenize(this: TokenizeContext, effects, ok, nok) {
      const paragraph = paragraphOf(this);
      if (nestingOf(paragraph.openers) + 1 > limit || paragraph.links >= MAX_LINKS_PER_PARAGRAPH) return nok;
      return construct.tokenize.call(
        this,
        effects,
        (code: Code): State | undefined => {
          paragraph.links++;
          paragraph.openers.push({ kind: 'bracket' });
          return ok(code);
        },
        nok,
      );
    },
  });

  const labelEnd = (construct: Construct): Construct => ({
    ...construct,
    tokenize(this: TokenizeContext, effects, ok, nok) {
      const paragraph = paragraphOf(this);
      const at = this.now().offset;
      const start = construct.tokenize.call(
        this,
        effects,
        (code: Code): State | undefined => {
          // A link or image formed: what opened inside its text was paired inside it.
          const bracket = lastBracket(paragraph.openers);
          if (bracket >= 0) paragraph.openers.length = bracket;
          return ok(code);
        },
        (code: Code): State | undefined => {
          // No link: that `[` is text now; runs opened after it stay open.
          if (target) {
            const bracket = lastBracket(paragraph.openers);
            if (bracket >= 0) paragraph.openers.splice(bracket, 1);
            if (target.type === 'labelImage') paragraph.imageLabelEndAt = at;
          }
          return nok(code);
        },
      );
      // Setting up, micromark dropped the closed `[` from the top of its list: what is left on
      // top is the `[` this `]` closes, if any.
      const target: Token | undefined = this._labelStarts?.[this._labelStarts.length - 1];
      return start;
    },
  });

  // `![^note]` is a footnote call: GFM recognises it at a `]` that closed no image, by walking
  // back over the paragraph, and tries at every `]` (quadratic in `]`s). Only where it can succeed.
  const potentialFootnoteCall = (construct: Construct): Construct => ({
    ...construct,
    tokenize(this: TokenizeContext, effects, ok, nok) {
      if (paragraphOf(this).imageLabelEndAt !== this.now().offset) return nok;
      return construct.tokenize.call(this, effects, ok, nok);
    },
  });

  // A literal autolink (`www.…`, `https://…`, an email address) is not made inside link text:
  // GFM checks by walking back over the paragraph for an open `[`, at every word while one is
  // open (quadratic). The openers already say whether one is.
  const literalAutolink = (construct: Construct): Construct => ({
    ...construct,
    tokenize(this: TokenizeContext, effects, ok, nok) {
      if (lastBracket(paragraphOf(this).openers) >= 0) return nok;
      return construct.tokenize.call(this, effects, ok, nok);
    },
  });

  return replaceConstructs((construct) => {
    switch (construct.name) {
      case 'attention':
        return run(construct, false, 'attentionSequence');
      case 'strikethrough':
        return run(construct, true, 'strikethroughSequenceTemporary');
      case 'labelStartLink':
      case 'labelStartImage':
        return labelStart(construct);
      case 'labelEnd':
        return labelEnd(construct);
      case 'gfmPotentialFootnoteCall':
        return potentialFootnoteCall(construct);
      case 'wwwAutolink':
      case 'protocolAutolink':
      case 'emailAutolink':
        return literalAutolink(construct);
      default:
        return undefined;
    }
  });
}

function lastBracket(openers: Opener[]): number {
  for (let i = openers.length - 1; i >= 0; i--) if (openers[i]!.kind === 'bracket') return i;
  return -1;
}

/**
 * Pairs a closing run with the openers as micromark does: the nearest opener with the same
 * marker (for `~`, the same length; for `*` and `_`, not against the rule of three), two
 * markers at a time for strong; whatever opened between the two is inside the pair and never
 * pairs again. Does not look past an unclosed `[`. Returns how many markers are left.
 */
function closeWith(openers: Opener[], marker: number, strike: boolean, size: number, canClose: boolean, canOpen: boolean): number {
  let left = size;
  while (canClose && left > 0) {
    let at = -1;
    for (let i = openers.length - 1; i >= 0; i--) {
      const o = openers[i]!;
      if (o.kind === 'bracket') break;
      if (o.marker !== marker || o.strike !== strike) continue;
      if (strike ? o.count !== left : (o.close || canOpen) && left % 3 !== 0 && (o.count + left) % 3 === 0) continue;
      at = i;
      break;
    }
    if (at < 0) break;
    const opener = openers[at] as Extract<Opener, { kind: 'run' }>;
    const use = strike ? left : opener.count > 1 && left > 1 ? 2 : 1;
    opener.count -= use;
    left -= use;
    openers.length = opener.count > 0 ? at + 1 : at;
  }
  return left;
}
