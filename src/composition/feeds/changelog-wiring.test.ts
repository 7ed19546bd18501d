/**
 * The changelog feed and the sitemap read the real changelog: published entries appear, drafts
 * and unpublished entries never do.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminChangelogPublishRoute, adminChangelogRoute, adminChangelogUnpublishRoute } from '@/features/changelog/server/admin-handlers';
import { listPublishedEntriesForFeed } from '@/features/changelog/server/service';
import { env } from '@/config/env';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { db } from '@/server/db/client';
import { workspaceSettings } from '@/server/db/schema';
import { forgetWorkspace } from '@/server/workspace';
import { createRoleActors, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { child, childrenNamed, expectValidAtom, parseXml } from '@/test/xml';
import { changelogFeedHandler } from './changelog-feed';
import { serveSitemap } from './sitemap';

useTestDatabase();

let moderator: TestActor;
beforeAll(async () => {
  ({ moderator } = await createRoleActors());
  await db().update(workspaceSettings).set({ access: 'public', setupCompletedAt: new Date() }).where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
  bumpContentGeneration();
});

async function entry(title: string, publish: boolean): Promise<{ id: string; slug: string }> {
  const res = await callRoute<{ id: string; slug: string }>(adminChangelogRoute, {
    method: 'POST',
    body: { title, body: `About **${title}**`, label: 'new' },
    as: moderator,
  });
  expect(res.status).toBe(201);
  if (publish)
    expect((await callRoute(adminChangelogPublishRoute, { method: 'POST', params: { id: res.json.id }, as: moderator })).status).toBe(200);
  return res.json;
}

const feedTitles = async (): Promise<string[]> => {
  const res = await callRoute(changelogFeedHandler(listPublishedEntriesForFeed), { path: '/changelog/feed.xml' });
  expect(res.status).toBe(200);
  const feed = parseXml(res.text);
  expectValidAtom(feed);
  return childrenNamed(feed, 'entry').map((e) => child(e, 'title')!.text);
};

const sitemapLocs = async (): Promise<string[]> => {
  const res = await callRoute(serveSitemap, { path: '/sitemap.xml' });
  expect(res.status).toBe(200);
  return childrenNamed(parseXml(res.text), 'url').map((u) => child(u, 'loc')!.text);
};

describe('the changelog in the feed and the sitemap', () => {
  it('lists published entries only, and drops an entry once it is unpublished', async () => {
    const shipped = await entry('Shipped thing', true);
    const draft = await entry('Secret draft', false);
    const later = await entry('Pulled back', true);

    expect(await feedTitles()).toEqual(['Pulled back', 'Shipped thing']);
    const base = env().PUBLIC_URL;
    let locs = await sitemapLocs();
    expect(locs).toContain(`${base}/changelog`);
    expect(locs).toContain(`${base}/changelog/${shipped.slug}`);
    expect(locs).toContain(`${base}/changelog/${later.slug}`);
    expect(locs).not.toContain(`${base}/changelog/${draft.slug}`);

    expect((await callRoute(adminChangelogUnpublishRoute, { method: 'POST', params: { id: later.id }, as: moderator })).status).toBe(200);
    expect(await feedTitles()).toEqual(['Shipped thing']);
    locs = await sitemapLocs();
    expect(locs).not.toContain(`${base}/changelog/${later.slug}`);
  });
});
