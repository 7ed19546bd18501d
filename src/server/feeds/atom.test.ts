import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/server/markdown/render';
import { child, childrenNamed, expectValidAtom, parseXml } from '@/test/xml';
import { renderAtomFeed, rfc3339 } from './atom';
import { markdownTreeToHtml } from './markdown-html';
import { collectSitemapUrls, renderSitemap, type SitemapSource } from './sitemap';
import { xmlAttr, xmlText } from './xml';

const HOSTILE = 'Ship <script>alert(1)</script> & "quotes" \'apos\' ]]> \u0000\u0001\u0007\u000b\u001f\u007f\u0085\ud800 🎉 ok\ufffe';

const feedOf = (title: string, contentHtml: string) =>
  renderAtomFeed({
    id: 'https://feedback.example.com/b/ideas',
    title,
    subtitle: title,
    selfUrl: 'https://feedback.example.com/b/ideas/feed.xml?x="1"&y=<2>',
    pageUrl: 'https://feedback.example.com/b/ideas',
    updated: new Date('2026-11-23T15:04:05.678Z'),
    authorName: title,
    entries: [
      {
        id: 'https://feedback.example.com/p/1',
        title,
        url: 'https://feedback.example.com/p/1-x',
        published: new Date('2026-11-20T10:00:00Z'),
        updated: new Date('2026-11-21T10:00:00Z'),
        authorName: title,
        categories: [title],
        contentHtml,
      },
    ],
  });

describe('the XML writer', () => {
  it('escapes markup and drops every character XML cannot carry, keeping emoji', () => {
    expect(xmlText('a <b> & ]]> c')).toBe('a &lt;b&gt; &amp; ]]&gt; c');
    expect(xmlText('x\u0000\u0001\u0008\u000b\u000c\u001f\u007f\u0080\u009f\udfff\ud800\ufffe\uffffy')).toBe('xy');
    expect(xmlText('tab\tnl\ncr\r 🎉 é 中')).toBe('tab\tnl\ncr\r 🎉 é 中');
    expect(xmlAttr('"\'<>&\t\n')).toBe('&quot;&apos;&lt;&gt;&amp;&#9;&#10;');
  });

  it('writes hostile text in every text node and attribute as the same text, in a well-formed, valid Atom feed', () => {
    const html = '<p>body <script>alert(1)</script> ]]> \u0001</p>';
    const feed = parseXml(feedOf(HOSTILE, html));
    expectValidAtom(feed);
    const cleaned = 'Ship <script>alert(1)</script> & "quotes" \'apos\' ]]>  🎉 ok';
    expect(child(feed, 'title')!.text).toBe(cleaned);
    expect(child(child(feed, 'author')!, 'name')!.text).toBe(cleaned);
    expect(childrenNamed(feed, 'link').find((l) => l.attrs.rel === 'self')!.attrs.href).toBe(
      'https://feedback.example.com/b/ideas/feed.xml?x="1"&y=<2>',
    );
    const entry = child(feed, 'entry')!;
    expect(child(entry, 'title')!.text).toBe(cleaned);
    expect(child(entry, 'category')!.attrs.term).toBe(cleaned);
    expect(child(entry, 'content')!.attrs.type).toBe('html');
    expect(child(entry, 'content')!.text).toBe('<p>body <script>alert(1)</script> ]]> </p>');
  });

  it('is what a strict parser refuses without the escaping (the checks can fail)', () => {
    expect(() => parseXml('<feed xmlns="http://www.w3.org/2005/Atom"><title>a\u0001</title></feed>')).toThrow();
    expect(() => parseXml('<feed xmlns="http://www.w3.org/2005/Atom"><title>a < b</title></feed>')).toThrow();
    expect(() => expectValidAtom(parseXml('<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title></feed>'))).toThrow();
  });

  it('writes RFC 3339 dates in UTC', () => {
    expect(rfc3339(new Date('2026-11-23T15:04:05.678Z'))).toBe('2026-11-23T15:04:05Z');
    expect(child(parseXml(feedOf('t', '')), 'updated')!.text).toBe('2026-11-23T15:04:05Z');
  });
});

describe('Markdown as feed HTML', () => {
  it('keeps raw HTML as text, makes site links absolute and drops unsafe targets', () => {
    const doc = renderMarkdown(
      '<img src=x onerror=alert(1)> **bold** [site](/p/2) [ext](https://example.org/?a=1&b="2") [bad](javascript:alert(1))\n\n```\n<b>code</b>\n```',
    );
    const html = markdownTreeToHtml(doc, 'https://feedback.example.com');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://feedback.example.com/p/2" rel="nofollow ugc noopener">site</a>');
    expect(html).toContain('<a href="https://example.org/?a=1&amp;b=%222%22" rel="nofollow ugc noopener">ext</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<pre><code>&lt;b&gt;code&lt;/b&gt;</code></pre>');
    expect(html).not.toMatch(/<img|<script/);
  });
});

describe('the sitemap writer', () => {
  it('asks each source for what is left of the cap, in order, and stops at the cap', async () => {
    const asked: number[] = [];
    const source =
      (n: number, prefix: string): SitemapSource =>
      async (limit) => {
        asked.push(limit);
        return Array.from({ length: Math.min(n, limit + 5) }, (_, i) => ({ path: `/${prefix}${i}` }));
      };
    const urls = await collectSitemapUrls([source(2, 'a'), source(10, 'b'), source(10, 'c')], 6);
    expect(urls.map((u) => u.path)).toEqual(['/a0', '/a1', '/b0', '/b1', '/b2', '/b3']);
    expect(asked).toEqual([6, 4]);
  });

  it('writes absolute, escaped locations with RFC 3339 dates', () => {
    const doc = parseXml(
      renderSitemap(
        [{ path: '/' }, { path: '/b/a?x=1&y=2', lastModified: new Date('2026-01-02T03:04:05.006Z') }],
        'https://feedback.example.com',
      ),
    );
    expect(doc.name).toBe('urlset');
    expect(doc.ns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = childrenNamed(doc, 'url');
    expect(urls.map((u) => child(u, 'loc')!.text)).toEqual(['https://feedback.example.com/', 'https://feedback.example.com/b/a?x=1&y=2']);
    expect(child(urls[1]!, 'lastmod')!.text).toBe('2026-01-02T03:04:05Z');
  });
});
