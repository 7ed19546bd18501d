import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { axeViolations } from './support/axe';
import { adminContext } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createPost } from './support/posts';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

test.describe('feeds, sitemap and robots', () => {
  test('a public board has a valid Atom feed, linked from its page; private boards appear nowhere', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminContext(browser, baseURL!);
    try {
      const mk = async (visibility: 'public' | 'private') => {
        const slug = unique(visibility === 'public' ? 'feed' : 'hidden');
        const res = await admin.request.post('/api/v1/boards', {
          data: { name: `Board ${slug}`, slug, visibility },
          headers: { Origin: baseURL! },
        });
        expect(res.status()).toBe(201);
        return slug;
      };
      const open = await mk('public');
      const hidden = await mk('private');
      const title = `Feeds <script>alert(1)</script> ]]> & 🎉 ${unique('t')}`;
      const post = await createPost(admin.request, baseURL!, open, title, 'Body <b>raw</b> **bold**');
      const secret = await createPost(admin.request, baseURL!, hidden, `Secret ${unique('s')}`);

      // The feed, served by the production server through its page entry, as a visitor.
      const feedRes = await page.request.get(`/b/${open}/feed.xml`);
      expect(feedRes.status()).toBe(200);
      expect(feedRes.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
      const xml = await feedRes.text();
      expect(XMLValidator.validate(xml)).toBe(true);
      const feed = parser.parse(xml).feed;
      expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(list(feed.link).find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe(`${baseURL}/b/${open}/feed.xml`);
      const entries = list(feed.entry);
      expect(entries).toHaveLength(1);
      expect(entries[0].title['#text']).toBe(title);
      expect(entries[0].id).toBe(`${baseURL}/p/${post.number}`);
      expect(entries[0].content['#text']).toContain('&lt;b&gt;raw&lt;/b&gt; <strong>bold</strong>');

      // Private: 404 for visitors and for the admin alike; absent from the sitemap.
      expect((await page.request.get(`/b/${hidden}/feed.xml`)).status()).toBe(404);
      expect((await admin.request.get(`/b/${hidden}/feed.xml`)).status()).toBe(404);
      const sitemap = await page.request.get('/sitemap.xml');
      expect(sitemap.status()).toBe(200);
      const sitemapXml = await sitemap.text();
      expect(XMLValidator.validate(sitemapXml)).toBe(true);
      const locs = list(parser.parse(sitemapXml).urlset.url).map((u: { loc: string }) => u.loc);
      expect(locs).toContain(`${baseURL}/`);
      expect(locs).toContain(`${baseURL}/b/${open}`);
      expect(locs).toContain(`${baseURL}/p/${post.number}-${post.slug}`);
      expect(locs).not.toContain(`${baseURL}/b/${hidden}`);
      expect(locs.some((l: string) => l.startsWith(`${baseURL}/p/${secret.number}`))).toBe(false);

      const robots = await page.request.get('/robots.txt');
      expect(robots.status()).toBe(200);
      const robotsText = await robots.text();
      expect(robotsText).toContain('Disallow: /admin\n');
      expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

      // The board page names its feed; a private board's page does not.
      await page.goto(`/b/${open}`);
      await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', `/b/${open}/feed.xml`);
      await expect(page.getByRole('link', { name: 'Atom feed of new posts' })).toHaveAttribute('href', `/b/${open}/feed.xml`);
      const adminPage = await admin.newPage();
      await adminPage.goto(`/b/${hidden}`);
      await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(adminPage.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(0);
      await expect(adminPage.getByTestId('board-feed-link')).toHaveCount(0);

      const problems: string[] = [];
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(`/b/${open}`);
          await expect(page.getByTestId('board-feed-link')).toBeVisible();
          problems.push(...(await axeViolations(page, `/b/x (${width}px, ${scheme})`)));
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
