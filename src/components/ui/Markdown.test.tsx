import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withIntl } from '@/test/intl';
import { MD_MAX_BLOCK_NESTING, MD_MAX_INLINE_NESTING, type MdBlock, type MdDoc, type MdInline } from '@/lib/markdown-tree';
import { Markdown } from './Markdown';

const html = (doc: unknown, locale: 'en' | 'de' = 'en') => renderToStaticMarkup(withIntl(<Markdown doc={doc as MdDoc} />, locale));

/** The deepest nesting of the given tags in HTML (tags are balanced: it is our own output). */
function deepest(markup: string, tags: string[]): number {
  const pattern = new RegExp(`<(/?)(${tags.join('|')})(?=[\\s>])`, 'g');
  let depth = 0;
  let max = 0;
  for (const [, closing] of markup.matchAll(pattern)) {
    depth += closing ? -1 : 1;
    max = Math.max(max, depth);
  }
  return max;
}

/** Builds a tree `levels` deep without recursion (as a hostile JSON payload could be). */
function deepQuotes(levels: number): MdDoc {
  let inner: MdBlock = { t: 'p', c: ['bottom'] };
  for (let i = 0; i < levels; i++)
    inner = i % 2 ? { t: 'quote', c: [inner] } : { t: 'list', ordered: false, start: null, items: [{ checked: null, c: [inner] }] };
  return [inner];
}

function deepEmphasis(levels: number): MdDoc {
  let inner: MdInline = 'bottom';
  for (let i = 0; i < levels; i++)
    inner = i % 4 === 3 ? { t: 'a', href: '/p/1', c: [inner] } : { t: (['em', 'strong', 'del'] as const)[i % 4]!, c: [inner] };
  return [{ t: 'p', c: [inner] }];
}

describe('Markdown', () => {
  it('renders the tree as elements, user text as text, links with rel="nofollow ugc noopener"', () => {
    const markup = html([
      { t: 'h', level: 3, c: ['Title'] },
      { t: 'p', c: ['<b>x</b> ', { t: 'a', href: 'https://example.com/', c: [{ t: 'em', c: ['go'] }] }] },
      { t: 'list', ordered: true, start: 3, items: [{ checked: true, c: [{ t: 'p', c: ['done'] }] }] },
    ]);
    expect(markup).toContain('<h3 dir="auto">Title</h3>');
    expect(markup).toContain('&lt;b&gt;x&lt;/b&gt; <a href="https://example.com/" rel="nofollow ugc noopener"><em>go</em></a>');
    expect(markup).toContain('<ol dir="auto" start="3"><li dir="auto"><input type="checkbox"');
  });

  it('gives every block the direction of its own text', () => {
    const markup = html([
      { t: 'p', c: ['This comes up often in our team.'] },
      { t: 'h', level: 4, c: ['عنوان'] },
      { t: 'quote', c: [{ t: 'p', c: ['quoted'] }] },
      { t: 'list', ordered: false, start: null, items: [{ checked: null, c: [{ t: 'p', c: ['item'] }] }] },
      { t: 'table', head: [['a']], rows: [[['1']]] },
      { t: 'p', c: [{ t: 'mention', v: 'سارة', id: 'u1' }, ' said so.'] },
    ]);
    expect(markup).toContain('<p dir="auto">This comes up often in our team.</p>');
    expect(markup).toContain('<h4 dir="auto">عنوان</h4>');
    expect(markup).toContain('<blockquote dir="auto"><p dir="auto">quoted</p></blockquote>');
    expect(markup).toContain('<ul dir="auto"><li dir="auto">item</li></ul>');
    expect(markup).toContain('<table dir="auto"><thead><tr><th scope="col" dir="auto">a</th></tr></thead><tbody><tr><td dir="auto">1</td>');
    // A name inside a paragraph is isolated from the paragraph's direction.
    expect(markup).toContain('<span class="mention" data-testid="mention" dir="auto">@سارة</span> said so.');
    // Every block of the tree carries it: none is left to the page's direction.
    expect(markup.match(/<(p|h4|blockquote|ul|li|table|th|td)[ >]/g)).toHaveLength(
      markup.match(/<(p|h4|blockquote|ul|li|table|th|td) [^>]*dir="auto"/g)!.length,
    );
  });

  it('shows what is nested deeper than the bounds as text, without recursing into it', () => {
    const blocks = html(deepQuotes(20_000));
    expect(deepest(blocks, ['blockquote', 'ul'])).toBe(MD_MAX_BLOCK_NESTING);
    expect(blocks).toContain('bottom');
    const inline = html(deepEmphasis(20_000));
    expect(deepest(inline, ['em', 'strong', 'del', 'a'])).toBe(MD_MAX_INLINE_NESTING);
    expect(inline).toContain('bottom');
  });

  it('never throws on a malformed tree: it shows the text, or a short note', () => {
    const malformed: unknown[] = [
      null,
      'text',
      [null, 3, 'x'],
      [{ t: 'p', c: 'not a list' }],
      [{ t: 'p', c: [{ t: 'em' }] }],
      [
        {
          t: 'p',
          c: [
            { t: 'code', v: { object: true } },
            { t: 'a', href: { x: 1 }, c: ['y'] },
          ],
        },
      ],
      [{ t: 'h', level: 99, c: ['heading'] }],
      [{ t: 'list', items: [{ c: [{ t: 'p', c: ['item'] }] }, null] }],
      [{ t: 'table', head: [['a']], rows: [[null]] }],
      [{ t: 'quote', c: [{ t: 'unknown', c: ['?'] }] }],
      [{ t: 'p', c: ['kept'] }, { t: 'quote' }],
    ];
    for (const doc of malformed) expect(() => html(doc), JSON.stringify(doc)).not.toThrow();
    expect(html([{ t: 'p', c: ['kept'] }, { t: 'quote' }])).toContain('kept');
    expect(html(null)).toContain('could not be displayed');
  });

  it('says its own words in the page’s language', () => {
    const task = [{ t: 'list', items: [{ checked: false, c: [{ t: 'p', c: ['todo'] }] }] }];
    expect(html(task)).toContain('aria-label="Not done"');
    expect(html(task, 'de')).toContain('aria-label="Nicht erledigt"');
    expect(html(null, 'de')).toContain('Dieser Text konnte nicht angezeigt werden.');
  });

  it('never throws on any tree, however deep or odd', () => {
    const text = fc.string({ maxLength: 8 });
    const { block } = fc.letrec<{ inline: MdInline; block: MdBlock }>((tie) => ({
      inline: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        text,
        fc.record({ t: fc.constantFrom('em' as const, 'strong' as const, 'del' as const), c: fc.array(tie('inline'), { maxLength: 3 }) }),
        fc.record({
          t: fc.constant('a' as const),
          href: fc.constantFrom('/p/1', 'https://example.com/', 'javascript:alert(1)'),
          c: fc.array(tie('inline'), { maxLength: 3 }),
        }),
        fc.record({ t: fc.constant('code' as const), v: text }),
        fc.constant({ t: 'br' as const }),
      ),
      block: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ t: fc.constant('p' as const), c: fc.array(tie('inline'), { maxLength: 4 }) }),
        fc.record({
          t: fc.constant('h' as const),
          level: fc.constantFrom(3 as const, 4 as const, 5 as const, 6 as const),
          c: fc.array(tie('inline'), { maxLength: 3 }),
        }),
        fc.record({ t: fc.constant('quote' as const), c: fc.array(tie('block'), { maxLength: 3 }) }),
        fc.record({
          t: fc.constant('list' as const),
          ordered: fc.boolean(),
          start: fc.option(fc.integer(), { nil: null }),
          items: fc.array(fc.record({ checked: fc.option(fc.boolean(), { nil: null }), c: fc.array(tie('block'), { maxLength: 3 }) }), {
            maxLength: 3,
          }),
        }),
        fc.record({ t: fc.constant('pre' as const), lang: fc.option(text, { nil: null }), v: text }),
        fc.constant({ t: 'hr' as const }),
      ),
    }));
    fc.assert(
      fc.property(fc.array(block, { maxLength: 5 }), fc.integer({ min: 0, max: 300 }), (doc, extra) => {
        // Bury the random tree under `extra` more levels too.
        let wrapped: MdBlock[] = doc;
        for (let i = 0; i < extra; i++) wrapped = [{ t: 'quote', c: wrapped }];
        const markup = html(wrapped);
        expect(deepest(markup, ['blockquote', 'ul', 'ol'])).toBeLessThanOrEqual(MD_MAX_BLOCK_NESTING);
        expect(deepest(markup, ['em', 'strong', 'del', 'a'])).toBeLessThanOrEqual(MD_MAX_INLINE_NESTING);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Markdown mentions', () => {
  it('shows a mention as @Name in its own element, escaped, without a link', () => {
    const markup = html([{ t: 'p', c: ['Hi ', { t: 'mention', v: '<script>alert(1)</script>' }] }]);
    expect(markup).toBe(
      '<div class="markdown"><p dir="auto">Hi <span class="mention" data-testid="mention" dir="auto">@&lt;script&gt;alert(1)&lt;/script&gt;</span></p></div>',
    );
  });

  it('shows a malformed mention as text', () => {
    const markup = html([{ t: 'p', c: [{ t: 'mention', v: { toString: null } }] }]);
    expect(markup).toContain('class="markdown"');
  });
});

describe('uploaded images', () => {
  const id = '0b9f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
  it('shows a sized, lazy image of the web copy linking to the stored copy', () => {
    const markup = html([{ t: 'p', c: [{ t: 'img', id, alt: 'A "chart" <b>', w: 800, h: 600 }] }]);
    expect(markup).toContain(`<a href="/api/v1/attachments/${id}" rel="nofollow ugc noopener" class="attachment-link">`);
    expect(markup).toMatch(
      /<img src="\/api\/v1\/attachments\/[0-9a-f-]+\/web" alt="A &quot;chart&quot; &lt;b&gt;" width="800" height="600" loading="lazy"/,
    );
  });

  it("shows a link when its size is not known (not this text's image), and never nests links", () => {
    expect(html([{ t: 'p', c: [{ t: 'img', id, alt: 'shot' }] }])).toBe(
      `<div class="markdown"><p dir="auto"><a href="/api/v1/attachments/${id}" rel="nofollow ugc noopener">shot</a></p></div>`,
    );
    const inLink = html([{ t: 'p', c: [{ t: 'a', href: '/p/1', c: [{ t: 'img', id, alt: 'shot', w: 4, h: 3 }] }] }]);
    expect(inLink.match(/<a /g)).toHaveLength(1);
    expect(inLink).toContain('<img');
  });

  it('never throws on a malformed image node', () => {
    expect(() => html([{ t: 'p', c: [{ t: 'img', id: 5, alt: null, w: 'x', h: -1 }] }])).not.toThrow();
  });
});
