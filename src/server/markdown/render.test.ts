import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainTextDoc, renderMarkdown, safeHref } from './render';

describe('renderMarkdown', () => {
  it('keeps raw HTML as literal text', () => {
    const doc = renderMarkdown('<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)>');
    const json = JSON.stringify(doc);
    expect(json).toContain('<script>alert(1)</script>');
    expect(doc.every((b) => b.t === 'p')).toBe(true);
  });

  it('drops unsafe link targets but keeps their text', () => {
    const doc = renderMarkdown('[click](javascript:alert(1)) [ok](https://example.com/a) [rel](/p/1)');
    expect(doc).toEqual([
      { t: 'p', c: ['click ', { t: 'a', href: 'https://example.com/a', c: ['ok'] }, ' ', { t: 'a', href: '/p/1', c: ['rel'] }] },
    ]);
  });

  it('turns images into links and shifts headings below the page title', () => {
    const doc = renderMarkdown('# Title\n\n![alt text](https://example.com/a.png)');
    expect(doc[0]).toEqual({ t: 'h', level: 3, c: ['Title'] });
    expect(doc[1]).toEqual({ t: 'p', c: [{ t: 'a', href: 'https://example.com/a.png', c: ['alt text'] }] });
  });

  it("makes only this workspace's uploads images; images from elsewhere, or other paths of ours, stay links", () => {
    const id = '0b9f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const doc = renderMarkdown(
      `![shot](/api/v1/attachments/${id}) ![web](http://localhost:3000/api/v1/attachments/${id}/web) ` +
        `![other](https://evil.example/api/v1/attachments/${id}) ![x](/api/v1/attachments/${id}/../../me) ![y](/api/v1/attachments/nope)`,
    );
    const inline = (doc[0] as { c: unknown[] }).c;
    expect(inline[0]).toEqual({ t: 'img', id, alt: 'shot' });
    expect(inline[2]).toEqual({ t: 'img', id, alt: 'web' });
    expect(inline[4]).toEqual({ t: 'a', href: `https://evil.example/api/v1/attachments/${id}`, c: ['other'] });
    expect(inline[6]).toEqual({ t: 'a', href: '/api/v1/me', c: ['x'] });
    expect(inline[8]).toEqual({ t: 'a', href: '/api/v1/attachments/nope', c: ['y'] });
  });

  it('hands out copies of trees with uploads, so sizes filled for one text never reach another', () => {
    const source = '![a](/api/v1/attachments/0b9f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b)';
    const first = renderMarkdown(source);
    (first[0] as { c: { w?: number }[] }).c[0]!.w = 10;
    expect(JSON.stringify(renderMarkdown(source))).not.toContain('"w"');
  });

  it('renders GFM lists, tables and strikethrough', () => {
    const doc = renderMarkdown('- [x] done\n- two\n\n| a | b |\n|---|---|\n| 1 | ~~2~~ |');
    expect(doc[0]).toMatchObject({ t: 'list', ordered: false, items: [{ checked: true }, { checked: null }] });
    expect(doc[1]).toMatchObject({ t: 'table', head: [['a'], ['b']], rows: [[['1'], [{ t: 'del', c: ['2'] }]]] });
  });
});

describe('safeHref', () => {
  it.each([
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>', null],
    ['vbscript:x', null],
    ['//evil.example/x', null],
    ['https://example.com', 'https://example.com/'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['/b/feature-requests', '/b/feature-requests'],
    ['#comment-3', '#comment-3'],
  ])('%s → %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});

describe('safeHref reads a link as a browser does (WHATWG URL parser against the site origin)', () => {
  const ORIGIN = 'https://feedback.example';
  it.each([
    // Browsers read `\` as `/` and drop tabs and newlines: these lead to another host.
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['/\n/evil.example', null],
    ['/\r\n/evil.example', null],
    ['/\\t/', null],
    ['\\\\evil.example', null],
    ['\\/evil.example', null],
    ['//evil.example', null],
    ['///evil.example', null],
    ['https:/\\evil.example', 'https://evil.example/'],
    ['  //evil.example', null],
    ['\u0000//evil.example', null],
    ['\u001f/\\evil.example', null],
    // Same scheme and no host: a path on this site, written out as a path.
    ['https:evil.example', '/evil.example'],
    ['https://feedback.example/p/1', '/p/1'],
    ['HTTPS://FEEDBACK.EXAMPLE:443/p/1?x=1#c', '/p/1?x=1#c'],
    // Encoded backslashes and slashes stay in the path.
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    // A path that would start with `//` after dot segments keeps `/.` in front, as the URL standard does.
    ['/.//evil.example', '/.//evil.example'],
    ['/a/..//evil.example', '/.//evil.example'],
    // Control characters and spaces around the target are trimmed, as browsers do.
    ['  /p/1  ', '/p/1'],
    ['\u0001\u0002/p/1\u0003', '/p/1'],
    ['\t#comment-3', '#comment-3'],
    ['#', '#'],
    // Schemes, however spelled.
    ['java\nscript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['\u0000javascript:alert(1)', null],
    [' javascript:alert(1)', null],
    ['javascript&colon;alert(1)', null],
    ['data:,x', null],
    ['DATA:text/html,<script>', null],
    ['vbscript:msgbox', null],
    ['file:///etc/passwd', null],
    ['blob:https://feedback.example/x', null],
    ['ftp://example.com/x', null],
    ['http://example.com/a b', 'http://example.com/a%20b'],
    ['http:\\\\example.com', 'http://example.com/'],
    ['mailto:team@example.com?subject=hi', 'mailto:team@example.com?subject=hi'],
    ['https://user:pass@evil.example/', 'https://user:pass@evil.example/'],
    // Relative paths depend on the page they appear on: refused (their text stays).
    ['docs/guide', null],
    ['?tab=2', null],
    ['..', null],
    ['', null],
    ['http://', null],
  ])('%j → %j', (input, expected) => {
    expect(safeHref(input, ORIGIN)).toBe(expected);
  });

  it('whatever it returns is this site or http(s)/mailto, wherever on the site the link is shown', () => {
    const pieces = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      ' ',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u00a0',
      '%5C',
      '%2F',
      '.',
      '..',
      ':',
      '@',
      '#',
      '?',
      'evil.example',
      'feedback.example',
      'http',
      'https',
      'javascript',
      'mailto',
      'data',
      'java',
      'script',
      'a',
      '//',
      '\\\\',
    );
    const spelled = fc.oneof(
      fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
      fc.webUrl({ withFragments: true, withQueryParameters: true }),
      fc.string({ maxLength: 30 }),
    );
    const pages = [ORIGIN, `${ORIGIN}/p/42-dark-mode`, `${ORIGIN}/b/ideas/new?x=1#y`];
    fc.assert(
      fc.property(spelled, (raw) => {
        const href = safeHref(raw, ORIGIN);
        if (href === null) return;
        // What is returned is already what a browser would make of it: checking it again changes nothing.
        expect(safeHref(href, ORIGIN)).toBe(href);
        for (const page of pages) {
          const url = new URL(href, page);
          const sameSite = url.origin === ORIGIN;
          expect(sameSite || ['http:', 'https:', 'mailto:'].includes(url.protocol), `${JSON.stringify(raw)} → ${href} on ${page}`).toBe(
            true,
          );
          // Spelled as a path or fragment, it stays on this site.
          if (href.startsWith('/') || href.startsWith('#')) expect(sameSite).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('rendered links carry the checked form', () => {
    const doc = renderMarkdown('[a](/\\evil.example) [b](</\tx>) [c](HTTPS://Example.COM/%7e) [d](/p/1#c-2)');
    expect(doc).toEqual([
      {
        t: 'p',
        c: [
          'a ',
          { t: 'a', href: '/x', c: ['b'] },
          ' ',
          { t: 'a', href: 'https://example.com/%7e', c: ['c'] },
          ' ',
          { t: 'a', href: '/p/1#c-2', c: ['d'] },
        ],
      },
    ]);
  });
});

describe('plainTextDoc', () => {
  it('keeps the text, its paragraphs and line breaks', () => {
    expect(plainTextDoc('a **b**\nc\n\n\n> d')).toEqual([
      { t: 'p', c: ['a **b**', { t: 'br' }, 'c'] },
      { t: 'p', c: ['> d'] },
    ]);
  });
});

describe('mentions', () => {
  const ID = '6f1c2a3b-1111-4222-8333-444455556666';

  it('renders a token as a mention of the name in it, not as a link', () => {
    expect(renderMarkdown(`Thanks @[Ada Lovelace](user:${ID})!`)).toEqual([
      { t: 'p', c: ['Thanks ', { t: 'mention', v: 'Ada Lovelace', id: ID }, '!'] },
    ]);
    expect(renderMarkdown(`@[Ada](user:${ID}) first`)).toEqual([{ t: 'p', c: [{ t: 'mention', v: 'Ada', id: ID }, ' first'] }]);
  });

  it('keeps a hostile name as text: no HTML, no link, no markup', () => {
    const doc = renderMarkdown(`@[<img src=x onerror=alert(1)>](user:${ID}) @[**x** javascript:alert(1)](user:${ID})`);
    expect(doc).toEqual([
      {
        t: 'p',
        c: [{ t: 'mention', v: '<img src=x onerror=alert(1)>', id: ID }, ' ', { t: 'mention', v: 'x javascript:alert(1)', id: ID }],
      },
    ]);
  });

  it('renders look-alikes as what they are', () => {
    // No `@`, a title, another target, inside code: not mentions.
    expect(renderMarkdown(`[Ada](user:${ID})`)).toEqual([{ t: 'p', c: ['Ada'] }]);
    expect(renderMarkdown(`@[Ada](user:${ID} "t")`)).toEqual([{ t: 'p', c: ['@Ada'] }]);
    expect(renderMarkdown(`@[Ada](user:not-an-id)`)).toEqual([{ t: 'p', c: ['@Ada'] }]);
    expect(renderMarkdown(`\`@[Ada](user:${ID})\``)).toEqual([{ t: 'p', c: [{ t: 'code', v: `@[Ada](user:${ID})` }] }]);
  });

  it('stays within the bounds: many mentions, long names, deep emphasis', () => {
    const many = Array.from({ length: 2000 }, () => `@[Ada](user:${ID})`).join(' ');
    const doc = renderMarkdown(many);
    const inline = (doc[0] as { c: unknown[] }).c;
    // A paragraph takes at most 200 `[` as links (src/server/markdown/README.md, "Markdown bounds"): the rest stay text.
    expect(inline.filter((n) => typeof n === 'object')).toHaveLength(200);
    const long = renderMarkdown(`@[${'n'.repeat(79)} ${'m'.repeat(79)}](user:${ID})`);
    // Too long for a token: the link text stays text, it is not shown as a mention.
    expect(JSON.stringify(long)).not.toContain('mention');
    const deep = `${'*'.repeat(40)}@[Ada](user:${ID})${'*'.repeat(40)}`;
    expect(() => renderMarkdown(deep)).not.toThrow();
  });
});
