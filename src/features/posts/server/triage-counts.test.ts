/**
 * The triage list's kept facet counts (triage_counts, kept by triggers): equal to a count of the
 * posts after every kind of change, whichever feature makes it; compacted without changing a
 * sum; the same facets as counting live for any filters; exact under concurrent writers
 * (PostgreSQL). The HTTP behaviour of the facets is in triage-list.test.ts.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeRoute } from '@/features/votes/server/handlers';
import { postApprovalRoute } from '@/features/moderation/server/handlers';
import { postCommentsRoute } from '@/features/comments/server/handlers';
import { db, queryRows, type DbOrTx } from '@/server/db/client';
import { jobs, posts, postTags, tags, triageCounts, users } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { createRoleActors, createTestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { testServerUrl, useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import { postRoute } from './handlers';
import { postPropertiesRoute, postStatusRoute, postTagsRoute } from './triage-handlers';
import { compactTriageCounts, countTriageFacets, triageCountsDrift, type FacetCount } from './triage-facet-queries';
import type { TriageFilters } from './triage-list-queries';
import { scheduleTriageCountsCompaction, TRIAGE_COUNTS_COMPACT_KIND } from './triage-counts-service';

const database = useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let alpha: { id: string; slug: string };
let beta: { id: string; slug: string };
let tagIds: string[];
beforeAll(async () => {
  actors = await createRoleActors();
  alpha = await insertBoard({ slug: 'alpha' });
  beta = await insertBoard({ slug: 'beta', visibility: 'private' });
  tagIds = (
    await db()
      .insert(tags)
      .values(['Billing', 'Mobile', 'Search'].map((name, i) => ({ name, color: `#00000${i}` })))
      .returning({ id: tags.id })
  ).map((t) => t.id);
});

/** Fails with the step's name and the keys that disagree. */
async function expectExact(step: string) {
  expect({ step, drift: await triageCountsDrift(db()) }).toEqual({ step, drift: [] });
}

const numberOf = (p: { number: number }) => ({ number: String(p.number) });

describe('the kept triage counts', () => {
  it('equal a count of the posts after every kind of change', async () => {
    await expectExact('empty');
    const [planned, started] = [await statusBySlug('planned'), await statusBySlug('in-progress')];
    const a = await insertPost(alpha.id);
    const b = await insertPost(alpha.id, { approval: 'pending' });
    const many = await db()
      .insert(posts)
      .values([
        { boardId: alpha.id, title: 'One of many', statusId: planned.id },
        { boardId: beta.id, title: 'Two of many', approval: 'rejected' },
        { boardId: beta.id, title: 'Three of many', ownerId: actors.moderator.id, teamRespondedAt: new Date() },
        { boardId: beta.id, title: 'Gone already', deletedAt: new Date() },
      ])
      .returning();
    await expectExact('posts inserted one at a time and several at once (one of them deleted)');

    const put = (p: { number: number }, ids: string[]) =>
      callRoute(postTagsRoute, { method: 'PUT', params: numberOf(p), body: { tagIds: ids }, as: actors.moderator });
    expect((await put(a, [tagIds[0]!, tagIds[1]!])).status).toBe(200);
    await db()
      .insert(postTags)
      .values(many.flatMap((p) => tagIds.map((tagId) => ({ postId: p.id, tagId }))));
    await db().insert(postTags).values({ postId: b.id, tagId: tagIds[2]! });
    await expectExact('tags added through the API and many at once, also on a deleted post');

    const status = (p: { number: number }, statusId: string) =>
      callRoute(postStatusRoute, { method: 'POST', params: numberOf(p), body: { statusId }, as: actors.moderator });
    expect((await status(a, planned.id)).status).toBe(200);
    expect((await status(a, started.id)).status).toBe(200);
    await expectExact('status changes (the first answers the post)');

    const comment = (p: { number: number }, as: typeof actors.member, internal = false) =>
      callRoute(postCommentsRoute, { method: 'POST', params: numberOf(p), body: { body: 'Noted.', internal }, as });
    expect((await comment(many[0]!, actors.member)).status).toBe(201);
    expect((await comment(many[0]!, actors.admin, true)).status).toBe(201);
    await expectExact("a member's comment and an internal note answer nothing");
    expect((await comment(many[0]!, actors.admin)).status).toBe(201);
    await expectExact('a public team comment answers');

    const props = (p: { number: number }, body: unknown) =>
      callRoute(postPropertiesRoute, { method: 'PATCH', params: numberOf(p), body, as: actors.moderator });
    expect((await props(a, { ownerId: actors.admin.id })).status).toBe(200);
    expect((await props(many[2]!, { ownerId: null, impact: 4 })).status).toBe(200);
    await expectExact('owners set and cleared');

    const approve = (p: { number: number }, approval: string) =>
      callRoute(postApprovalRoute, { method: 'POST', params: numberOf(p), body: { approval }, as: actors.moderator });
    const c = await insertPost(beta.id, { approval: 'pending' });
    await db().insert(postTags).values({ postId: c.id, tagId: tagIds[1]! });
    expect((await approve(b, 'approved')).status).toBe(200);
    expect((await approve(c, 'rejected')).status).toBe(200);
    await expectExact('approved and rejected');

    await db().update(posts).set({ boardId: beta.id }).where(eq(posts.id, a.id));
    await expectExact('moved to another board');

    const merge = await callRoute(mergeRoute, {
      method: 'POST',
      params: numberOf(many[0]!),
      body: { into: b.number },
      as: actors.moderator,
    });
    expect(merge.status).toBe(200);
    await expectExact('merged');
    expect((await callRoute(mergeRoute, { method: 'DELETE', params: numberOf(many[0]!), as: actors.moderator })).status).toBe(200);
    await expectExact('unmerged');

    expect((await callRoute(postRoute, { method: 'DELETE', params: numberOf(b), as: actors.moderator })).status).toBe(204);
    await expectExact('deleted');
    await db().update(posts).set({ deletedAt: null }).where(eq(posts.id, b.id));
    await expectExact('brought back');

    expect((await put(a, [tagIds[1]!])).status).toBe(200);
    await db().delete(tags).where(eq(tags.id, tagIds[0]!));
    await expectExact('a tag taken off, and a tag deleted with all its posts');

    const owner = await createTestActor('moderator');
    await db()
      .update(posts)
      .set({ ownerId: owner.id })
      .where(inArray(posts.id, [a.id, b.id]));
    await db().delete(users).where(eq(users.id, owner.id));
    await expectExact("the owner's account gone (owner set to none)");

    await db().delete(posts).where(eq(posts.id, many[2]!.id));
    await expectExact('a post with tags removed for good (its tags go with it)');

    // Compaction: one row per key, the same sums.
    const before = await db().select().from(triageCounts);
    expect(await compactTriageCounts(db())).toBe(before.length);
    const [kept] = await queryRows<{ rows: number; keys: number }>(sql`select count(*)::int as rows, (select count(*)::int from
      (select distinct tag_id, board_id, status_id, approval, responded, owner_id from triage_counts) k) as keys from triage_counts`);
    expect(kept!.rows).toBe(kept!.keys);
    expect(kept!.rows).toBeLessThan(before.length);
    await expectExact('compacted');

    await db().execute(sql`truncate post_tags`);
    await expectExact('post_tags emptied');
    await db().execute(sql`truncate posts cascade`);
    await expectExact('posts emptied');
    expect(await db().select().from(triageCounts)).toEqual([]);
  });

  it('are compacted by a background job that schedules its next run', async () => {
    await db().delete(posts);
    await compactTriageCounts(db());
    expect(await db().select().from(triageCounts)).toEqual([]);
    const p = await insertPost(alpha.id);
    await db().update(posts).set({ approval: 'pending' }).where(eq(posts.id, p.id));
    await db().update(posts).set({ approval: 'approved' }).where(eq(posts.id, p.id));
    expect((await db().select().from(triageCounts)).length).toBe(5); // +1, then -1 +1 twice
    await scheduleTriageCountsCompaction();
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.kind, TRIAGE_COUNTS_COMPACT_KIND));
    await runJobs();
    expect(await db().select({ posts: triageCounts.posts }).from(triageCounts)).toEqual([{ posts: 1 }]);
    const next = await db()
      .select({ due: sql<boolean>`${jobs.runAt} > now()` })
      .from(jobs)
      .where(eq(jobs.kind, TRIAGE_COUNTS_COMPACT_KIND));
    expect(next).toEqual([{ due: true }]);
    await db().delete(posts);
  });
});

describe('facets from the kept counts', () => {
  it('are the facets counted from the posts, for any filters', async () => {
    const statuses = await Promise.all(['planned', 'in-progress', 'complete'].map(statusBySlug));
    const chosen = (
      await db()
        .insert(tags)
        .values(['Export', 'Import', 'Sync'].map((name) => ({ name, color: '#123456' })))
        .returning({ id: tags.id })
    ).map((t) => t.id);
    // A varied workspace, the same for every run: boards, statuses, approvals, answers, owners, tags.
    const owners = [null, actors.moderator.id, actors.admin.id];
    const made = await db()
      .insert(posts)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          boardId: i % 3 ? alpha.id : beta.id,
          title: `Post ${i}`,
          statusId: i % 4 ? statuses[i % 3]!.id : null,
          approval: (['approved', 'approved', 'pending', 'rejected', 'approved'] as const)[i % 5],
          teamRespondedAt: i % 6 < 2 ? new Date() : null,
          ownerId: owners[i % 7 === 0 ? 1 : i % 11 === 0 ? 2 : 0],
          deletedAt: i === 7 ? new Date() : null,
        })),
      )
      .returning({ id: posts.id });
    await db()
      .insert(postTags)
      .values(made.flatMap((p, i) => chosen.flatMap((tagId, t) => ((i + t) % 3 === 0 || i % 5 === t ? [{ postId: p.id, tagId }] : []))));
    await db().update(posts).set({ mergedIntoId: made[0]!.id }).where(eq(posts.id, made[1]!.id));
    await expectExact('seeded');

    const sorted = (rows: FacetCount[]) => [...rows].sort((x, y) => `${x.facet}/${x.key}`.localeCompare(`${y.facet}/${y.key}`));
    const moderator = { kind: 'user', id: actors.moderator.id, role: 'moderator', displayName: 'M' } as Actor;
    const choices = {
      statuses: [[], ['none'], ['planned', 'none', 'complete']],
      boards: [[], ['alpha'], ['alpha', 'beta']],
      tagIds: [[], [chosen[1]!], [chosen[0]!, chosen[1]!], chosen],
      show: ['all', 'untriaged', 'pending', 'unresponded', 'rejected'] as const,
      owner: [undefined, 'none', actors.moderator.id],
    };
    let compared = 0;
    for (const st of choices.statuses)
      for (const bo of choices.boards)
        for (const tg of choices.tagIds)
          for (const show of choices.show)
            for (const owner of choices.owner) {
              if (owner !== undefined && show !== 'all') continue; // the owner filter once per other choice
              const f: TriageFilters = { statuses: st, boards: bo, tagIds: tg, show, owner };
              const kept = await countTriageFacets(db(), moderator, f);
              const live = await countTriageFacets(db(), moderator, f, { live: true });
              expect({ f, facets: sorted(kept) }).toEqual({ f, facets: sorted(live) });
              compared++;
            }
    expect(compared).toBe(3 * 3 * 4 * (5 + 2));
    // The comparison above read the kept counts: a row added behind the triggers' back shows.
    const all: TriageFilters = { statuses: [], boards: [], tagIds: [], show: 'all' };
    const total = async (live: boolean) => (await countTriageFacets(db(), moderator, all, { live })).find((c) => c.key === 'all')?.count;
    await db().insert(triageCounts).values({ boardId: alpha.id, approval: 'approved', responded: false, posts: 5 });
    expect(await total(false)).toBe((await total(true))! + 5);
    await db().delete(posts);
    await db().delete(triageCounts);
  });
});

describe('facets of a search', () => {
  it('count the matching posts only, by status, board, tag and queue', async () => {
    const planned = await statusBySlug('planned');
    const [t1, t2] = (
      await db()
        .insert(tags)
        .values(['Reports', 'Admin'].map((name) => ({ name, color: '#654321' })))
        .returning({ id: tags.id })
    ).map((t) => t.id) as [string, string];
    const [a, b, c] = await db()
      .insert(posts)
      .values([
        { boardId: alpha.id, title: 'Export to CSV', statusId: planned.id, teamRespondedAt: new Date() },
        { boardId: beta.id, title: 'Scheduled export' },
        { boardId: alpha.id, title: 'Export as PDF', approval: 'rejected' },
        { boardId: alpha.id, title: 'Dark mode' },
        { boardId: beta.id, title: 'Export, but deleted', deletedAt: new Date() },
      ])
      .returning({ id: posts.id });
    await db()
      .insert(postTags)
      .values([
        { postId: a!.id, tagId: t1 },
        { postId: a!.id, tagId: t2 },
        { postId: b!.id, tagId: t1 },
        { postId: c!.id, tagId: t2 },
      ]);
    const moderator = { kind: 'user', id: actors.moderator.id, role: 'moderator', displayName: 'M' } as Actor;
    const facets = async (f: Partial<TriageFilters>) => {
      const rows = await countTriageFacets(db(), moderator, { statuses: [], boards: [], tagIds: [], show: 'all', q: 'export', ...f });
      return Object.fromEntries(rows.map((r) => [`${r.facet}:${r.key}`, r.count]));
    };
    expect(await facets({})).toEqual({
      'status:planned': 1,
      'status:none': 1,
      'board:alpha': 1,
      'board:beta': 1,
      [`tag:${t1}`]: 2,
      [`tag:${t2}`]: 1,
      'show:all': 2,
      'show:untriaged': 1,
      'show:pending': 0,
      'show:unresponded': 1,
      'show:rejected': 1,
    });
    // Two tags: the posts with either, once each; the tag facet ignores its own choice.
    expect(await facets({ tagIds: [t1, t2], show: 'rejected' })).toMatchObject({ 'show:all': 2, 'show:rejected': 1, [`tag:${t2}`]: 1 });
    await db().delete(posts);
  });
});

describe.runIf(testServerUrl())('under concurrent writers (PostgreSQL)', () => {
  /** Runs `first` to the point where it waits for `release`, then `second`, then releases `first`. */
  async function interleave(first: (tx: DbOrTx) => Promise<void>, second: () => Promise<void>) {
    const spare = await database.connectSpare();
    try {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let ready!: () => void;
      const isReady = new Promise<void>((r) => (ready = r));
      const one = spare.db.transaction(async (tx) => {
        await first(tx);
        ready();
        await released;
      });
      await isReady;
      const two = second();
      await new Promise((r) => setTimeout(r, 150)); // the second writer reaches the row the first holds
      release();
      await Promise.all([one, two]);
    } finally {
      await spare.close();
    }
  }

  it('count a tag added or taken off while another writer changes the post, in either order', async () => {
    const planned = await statusBySlug('planned');
    for (const tagging of ['add', 'remove'] as const)
      for (const tagFirst of [true, false]) {
        const p = await insertPost(alpha.id);
        if (tagging === 'remove') await db().insert(postTags).values({ postId: p.id, tagId: tagIds[1]! });
        const tag = async (q: DbOrTx) => {
          if (tagging === 'add') await q.insert(postTags).values({ postId: p.id, tagId: tagIds[1]! });
          else await q.delete(postTags).where(eq(postTags.postId, p.id));
        };
        const answer = async (q: DbOrTx) => {
          await q.update(posts).set({ statusId: planned.id, teamRespondedAt: new Date() }).where(eq(posts.id, p.id));
        };
        if (tagFirst) await interleave(tag, () => answer(db()));
        else await interleave(answer, () => tag(db()));
        await expectExact(`tag ${tagging === 'add' ? 'added' : 'taken off'} ${tagFirst ? 'first' : 'second'}`);
      }
    await db().delete(posts);
  });
});
