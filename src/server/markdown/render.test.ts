import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './render';

describe('renderMarkdown', () => {
  it('keeps raw HTML as literal text', () => {
    const doc = renderMarkdown('<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)>');
    const json = JSON.stringify(doc);
    expect(json).toContain('<script>alert(1)</script>');
    expect(doc.every((b) => b.t === 'p')).toBe(true);
  });

  it('drops unsafe link targets but keeps their text', () => {
    const doc = renderMarkdown('[click](javascript:alert(1)) [ok](https://example.com/a) [rel](/p/1)');
    expect(doc).toEqual([{ t: 'p', c: ['click ', { t: 'a', href: 'https://example.com/a', c: ['ok'] }, ' ', { t: 'a', href: '/p/1', c: ['rel'] }] }]);
  });

  it('turns images into links and shifts headings below the page title', () => {
    const doc = renderMarkdown('# Title\n\n![alt text](https://example.com/a.png)');
    expect(doc[0]).toEqual({ t: 'h', level: 3, c: ['Title'] });
    expect(doc[1]).toEqual({ t: 'p', c: [{ t: 'a', href: 'https://example.com/a.png', c: ['alt text'] }] });
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
