/** The post page's "Shipped in": the published entries that link the post, and never a draft. */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminChangelogPublishRoute, adminChangelogRoute } from '@/features/changelog/server/admin-handlers';
import { VISITOR } from '@/server/identity/actor';
import { createRoleActors } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { loadPostPage } from './post-page-data';

useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let boardId: string;
beforeAll(async () => {
  actors = await createRoleActors();
  boardId = (await insertBoard()).id;
});

const write = async (title: string, postNumbers: number[]) =>
  (
    await callRoute<{ id: string; slug: string }>(adminChangelogRoute, {
      method: 'POST',
      body: { title, label: 'new', postNumbers },
      as: actors.moderator,
    })
  ).json;

describe('/p/[number] "Shipped in"', () => {
  it('lists the published entries that link the post, not the drafts', async () => {
    const post = await insertPost(boardId);
    expect((await loadPostPage(VISITOR, post.number)).shippedIn).toEqual([]);
    const published = await write('Published release', [post.number]);
    await write('Draft release', [post.number]);
    await callRoute(adminChangelogPublishRoute, { method: 'POST', params: { id: published.id }, as: actors.moderator });
    const { shippedIn } = await loadPostPage(VISITOR, post.number);
    expect(shippedIn.map((e) => ({ slug: e.slug, title: e.title }))).toEqual([{ slug: published.slug, title: 'Published release' }]);
  });
});
