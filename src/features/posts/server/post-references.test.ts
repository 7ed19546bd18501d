/**
 * References from one post to another (the post it was merged into, the duplicates merged into
 * it) follow the same visibility rule as the posts themselves (SPEC.md §4, §6): private-board,
 * pending, rejected and deleted posts show through a merge only to those who may read them.
 * Merges go through the real merge route; reads through the real post route, the post page's
 * loader and the account export.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportRoute } from '@/features/accounts/server/me-handlers';
import { mergeRoute, voteRoute } from '@/features/votes/server/handlers';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { db } from '@/server/db/client';
import { comments, posts, rateLimits, votes, workspaceSettings } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { grantBoard, insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { getServerSideProps } from '@/composition/post/PostPage.loader';
import type { PostPageProps } from '@/composition/post/post-page-types';
import type { PostDetail } from '../schema';
import { postRoute, similarPostsRoute } from './handlers';

useTestDatabase();

let member: TestActor, insider: TestActor, author: TestActor, moderator: TestActor, admin: TestActor;
let publicBoard: Awaited<ReturnType<typeof insertBoard>>;
let privateBoard: Awaited<ReturnType<typeof insertBoard>>;

beforeAll(async () => {
  ({ member, moderator, admin } = await createRoleActors());
  insider = await createTestActor('member', { displayName: 'Insider' });
  author = await createTestActor('member', { displayName: 'Author' });
  publicBoard = await insertBoard();
  privateBoard = await insertBoard({ visibility: 'private' });
  await grantBoard(privateBoard.id, insider.id);
  await db().update(workspaceSettings).set({ setupCompletedAt: new Date() }).where(eq(workspaceSettings.id, 1));
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

type Reader = TestActor | undefined;
const HIDDEN = { number: null, slug: null, title: null };

const merge = async (duplicate: number, into: number) => {
  const res = await callRoute(mergeRoute, { method: 'POST', params: { number: String(duplicate) }, body: { into }, as: moderator });
  expect(res.status).toBe(200);
};
const getPost = (number: number, as: Reader) =>
  callRoute<PostDetail & { error?: { code: string } }>(postRoute, { params: { number: String(number) }, as });

/** The post page's loader (withShell and all) over real HTTP, as `as` or a visitor: its props. */
async function pageProps(number: number, as: Reader): Promise<PostPageProps & { errorPage?: number }> {
  const server = http.createServer((req, res) => {
    const ctx = {
      req,
      res,
      params: { number: String(number) },
      query: {},
      resolvedUrl: `/p/${number}`,
    } as unknown as GetServerSidePropsContext;
    Promise.resolve(getServerSideProps(ctx))
      .then((result) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(result));
      })
      .catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/p/${number}`, { headers: as ? { cookie: as.cookie } : {} });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { props: PostPageProps & { errorPage?: number } };
    return result.props;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const duplicatesOn = async (number: number, as: Reader) => (await pageProps(number, as)).duplicates.map((d) => d.title);

describe('a private-board post merged into a public post', () => {
  it("is listed under the target only for readers of that board; a visitor's page holds no trace of its title", async () => {
    const secret = await insertPost(privateBoard.id, { title: 'Secret acquisition of Initech' });
    const target = await insertPost(publicBoard.id, { title: 'Public target of a private merge' });
    await merge(secret.number, target.number);

    const visitorPage = await pageProps(target.number, undefined);
    expect(visitorPage.post.title).toBe(target.title);
    expect(visitorPage.duplicates).toEqual([]);
    expect(JSON.stringify(visitorPage)).not.toContain('Initech');
    expect(JSON.stringify(await pageProps(target.number, member))).not.toContain('Initech');
    for (const reader of [insider, moderator, admin]) expect(await duplicatesOn(target.number, reader)).toEqual([secret.title]);
  });
});

describe('a public post merged into a private-board post', () => {
  it('shows a visitor that it was merged, not where: mergedInto has no number or title while the target itself is 404', async () => {
    const secret = await insertPost(privateBoard.id, { title: 'Secret pricing overhaul' });
    const duplicate = await insertPost(publicBoard.id, { title: 'Public duplicate of a private post' });
    await merge(duplicate.number, secret.number);

    for (const reader of [undefined, member]) {
      expect((await getPost(secret.number, reader)).status).toBe(404);
      const res = await getPost(duplicate.number, reader);
      expect(res.status).toBe(200);
      expect(res.json.mergedInto).toEqual(HIDDEN);
      expect(res.text).not.toContain('pricing');
      const page = await pageProps(duplicate.number, reader);
      expect(page.post.mergedInto).toEqual(HIDDEN);
      expect(page.viewer.votingClosedReason).toMatch(/merged/);
      expect(page.viewer.canComment).toBe(false);
      expect(JSON.stringify(page)).not.toContain('pricing');
    }
    // Still read-only: voting stays closed for those who cannot see the target.
    const vote = await callRoute(voteRoute, { method: 'PUT', params: { number: String(duplicate.number) }, as: member });
    expect(vote.status).toBe(409);
    expect(vote.json.error?.code).toBe('VOTING_CLOSED');

    for (const reader of [insider, moderator, admin]) {
      expect((await getPost(duplicate.number, reader)).json.mergedInto).toEqual({
        number: secret.number,
        slug: 'secret-pricing-overhaul',
        title: secret.title,
      });
    }
  });
});

describe('pending posts in merges', () => {
  it('are seen through a merge by their author and the team only', async () => {
    const pendingDup = await insertPost(publicBoard.id, {
      authorId: author.id,
      approval: 'pending',
      title: 'Pending duplicate by the author',
    });
    const target = await insertPost(publicBoard.id, { title: 'Approved target of a pending duplicate' });
    await merge(pendingDup.number, target.number);
    for (const reader of [undefined, member]) expect(await duplicatesOn(target.number, reader)).toEqual([]);
    for (const reader of [author, moderator]) expect(await duplicatesOn(target.number, reader)).toEqual([pendingDup.title]);

    const pendingTarget = await insertPost(publicBoard.id, {
      authorId: author.id,
      approval: 'pending',
      title: 'Pending target by the author',
    });
    const duplicate = await insertPost(publicBoard.id, { title: 'Approved duplicate of a pending target' });
    await merge(duplicate.number, pendingTarget.number);
    for (const reader of [undefined, member, insider]) {
      const res = await getPost(duplicate.number, reader);
      expect(res.json.mergedInto).toEqual(HIDDEN);
      expect(res.text).not.toContain('Pending target');
    }
    for (const reader of [author, moderator])
      expect((await getPost(duplicate.number, reader)).json.mergedInto).toMatchObject({
        number: pendingTarget.number,
        title: pendingTarget.title,
      });
  });
});

describe('rejected posts in merges', () => {
  it('are seen through a merge by the team only, not even by their author', async () => {
    const rejectedDup = await insertPost(publicBoard.id, {
      authorId: author.id,
      approval: 'rejected',
      title: 'Rejected duplicate by the author',
    });
    const target = await insertPost(publicBoard.id, { title: 'Approved target of a rejected duplicate' });
    await merge(rejectedDup.number, target.number);
    for (const reader of [undefined, member, author]) expect(await duplicatesOn(target.number, reader)).toEqual([]);
    expect(await duplicatesOn(target.number, moderator)).toEqual([rejectedDup.title]);

    const rejectedTarget = await insertPost(publicBoard.id, {
      authorId: author.id,
      approval: 'rejected',
      title: 'Rejected target by the author',
    });
    const duplicate = await insertPost(publicBoard.id, { title: 'Approved duplicate of a rejected target' });
    await merge(duplicate.number, rejectedTarget.number);
    for (const reader of [undefined, member, author]) {
      const res = await getPost(duplicate.number, reader);
      expect(res.json.mergedInto).toEqual(HIDDEN);
      expect(res.text).not.toContain('Rejected target');
    }
    expect((await getPost(duplicate.number, admin)).json.mergedInto).toMatchObject({
      number: rejectedTarget.number,
      title: rejectedTarget.title,
    });
  });
});

describe('deleted posts in merges', () => {
  it('are seen by nobody, and a duplicate whose target was deleted still reads as merged (read-only)', async () => {
    const deletedDup = await insertPost(publicBoard.id, { title: 'Duplicate deleted after its merge' });
    const target = await insertPost(publicBoard.id, { title: 'Live target of a deleted duplicate' });
    await merge(deletedDup.number, target.number);
    await db().update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, deletedDup.id));
    bumpContentGeneration();
    for (const reader of [undefined, member, moderator, admin]) expect(await duplicatesOn(target.number, reader)).toEqual([]);

    const deletedTarget = await insertPost(publicBoard.id, { title: 'Target deleted after a merge' });
    const duplicate = await insertPost(publicBoard.id, { title: 'Duplicate of a deleted target' });
    await merge(duplicate.number, deletedTarget.number);
    await db().update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, deletedTarget.id));
    bumpContentGeneration();
    for (const reader of [undefined, member, moderator, admin]) {
      const res = await getPost(duplicate.number, reader);
      expect(res.json.mergedInto).toEqual(HIDDEN);
      expect(res.text).not.toContain('Target deleted');
    }
    const page = await pageProps(duplicate.number, moderator);
    expect(page.post.mergedInto).toEqual(HIDDEN);
    expect(page.viewer.votingClosedReason).toMatch(/merged/);

    // The team can still unmerge it; the answer does not name the deleted target.
    const back = await callRoute(mergeRoute, { method: 'DELETE', params: { number: String(duplicate.number) }, as: moderator });
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ post: { number: duplicate.number, mergedInto: null }, target: null });
    expect(back.text).not.toContain('Target deleted');
  });
});

describe('similar-post suggestions', () => {
  it('offer only posts the reader may see (already scoped by visiblePostSql; kept as a guard)', async () => {
    await insertPost(privateBoard.id, { title: 'Quokka mode private' });
    await insertPost(publicBoard.id, { title: 'Quokka mode rejected', approval: 'rejected' });
    await insertPost(publicBoard.id, { title: 'Quokka mode deleted', deletedAt: new Date() });
    await insertPost(publicBoard.id, { title: 'Quokka mode pending', approval: 'pending', authorId: author.id });
    await insertPost(publicBoard.id, { title: 'Quokka mode public' });
    const titles = async (as: Reader) =>
      (await callRoute<{ items: { title: string }[] }>(similarPostsRoute, { query: { title: 'quokka mode' }, as })).json.items
        .map((i) => i.title)
        .sort();
    expect(await titles(undefined)).toEqual(['Quokka mode public']);
    expect(await titles(insider)).toEqual(['Quokka mode private', 'Quokka mode public']);
    expect(await titles(author)).toEqual(['Quokka mode pending', 'Quokka mode public']);
    expect(await titles(moderator)).toEqual(['Quokka mode pending', 'Quokka mode private', 'Quokka mode public', 'Quokka mode rejected']);
  });
});

describe('the account export', () => {
  it('does not name a post the person may not see, such as the private target their vote was copied to by a merge', async () => {
    const voter = await createTestActor('member', { displayName: 'Exporter' });
    const own = await insertPost(publicBoard.id, { authorId: voter.id, title: 'Own post later rejected', approval: 'rejected' });
    const voted = await insertPost(publicBoard.id, { title: 'Public post the exporter voted on' });
    const secret = await insertPost(privateBoard.id, { title: 'Private target the vote was copied to' });
    await db().insert(votes).values({ postId: voted.id, userId: voter.id });
    await db()
      .insert(comments)
      .values([
        { postId: own.id, authorId: voter.id, body: 'On my own post' },
        { postId: secret.id, authorId: voter.id, body: 'Written while the board was granted' },
      ]);
    await merge(voted.number, secret.number);

    const res = await callRoute<{
      posts: { number: number }[];
      votes: { postNumber: number | null }[];
      comments: { body: string; postNumber: number | null }[];
    }>(exportRoute, { as: voter });
    expect(res.status).toBe(200);
    expect(res.json.posts.map((p) => p.number)).toEqual([own.number]);
    expect(res.json.votes.map((v) => v.postNumber).sort()).toEqual([voted.number, null].sort());
    expect(res.json.comments.map((c) => [c.body, c.postNumber])).toEqual([
      ['On my own post', own.number],
      ['Written while the board was granted', null],
    ]);
    expect(res.text).not.toContain(`"postNumber":${secret.number}`);

    await grantBoard(privateBoard.id, voter.id);
    const granted = await callRoute<{ votes: { postNumber: number | null }[] }>(exportRoute, { as: voter });
    expect(granted.json.votes.map((v) => v.postNumber).sort()).toEqual([voted.number, secret.number].sort());
  });
});
