/**
 * The changelog through its routes: validation, who may write and publish, publishing (now, by
 * schedule exactly once, and back to draft), the status move with its history note, the audience
 * of a publication, and the visibility of linked posts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { auditEvents, changelogEntries, jobs, posts, rateLimits, statusChanges, subscriptions, users, votes } from '@/server/db/schema';
import { EVENT_JOB_KIND } from '@/server/events';
import { runDueJobs } from '@/server/jobs/queue';
import { forgetWorkspace } from '@/server/workspace';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute, type JsonBody } from '@/test/http';
import type { PublishedEntry, PublishedEntryPage, TeamEntry } from '../schema';
import {
  adminChangelogEntryRoute,
  adminChangelogLabelsRoute,
  adminChangelogPublishRoute,
  adminChangelogRoute,
  adminChangelogScheduleRoute,
  adminChangelogUnpublishRoute,
} from './admin-handlers';
import { changelogEntryRoute, changelogRoute, changelogSubscriptionRoute } from './handlers';
import { changelogJobs } from './job-handlers';
import { PUBLISH_JOB_KIND, publishJobKey } from './publishing';
import { changelogAudience, listPublishedEntriesForFeed, shippedIn } from './service';

useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let publicBoard: { id: string };
let privateBoard: { id: string };
beforeAll(async () => {
  actors = await createRoleActors();
  publicBoard = await insertBoard();
  privateBoard = await insertBoard({ visibility: 'private' });
});
beforeEach(async () => {
  await db().delete(rateLimits);
  await db().delete(jobs);
});

type Entry = TeamEntry & JsonBody;
const create = (as: TestActor | undefined, body: unknown) => callRoute<Entry>(adminChangelogRoute, { method: 'POST', body, as });
const publish = (as: TestActor | undefined, id: string) =>
  callRoute<Entry & { postsMoved: number }>(adminChangelogPublishRoute, { method: 'POST', params: { id }, as });
const unpublish = (as: TestActor, id: string) => callRoute<Entry>(adminChangelogUnpublishRoute, { method: 'POST', params: { id }, as });
const schedule = (as: TestActor, id: string, at: Date) =>
  callRoute<Entry>(adminChangelogScheduleRoute, { method: 'PUT', params: { id }, body: { at: at.toISOString() }, as });
const publicList = (as?: TestActor, query: Record<string, string> = {}) =>
  callRoute<PublishedEntryPage & JsonBody>(changelogRoute, { query, as });
const publicEntry = (slug: string, as?: TestActor) => callRoute<PublishedEntry & JsonBody>(changelogEntryRoute, { params: { slug }, as });

async function draft(overrides: Record<string, unknown> = {}): Promise<Entry> {
  const res = await create(actors.moderator, { title: 'Dark mode is here', body: 'It **ships**.', label: 'new', ...overrides });
  expect(res.status).toBe(201);
  return res.json;
}

describe('validation (SPEC.md §5)', () => {
  it.each([
    [{ title: 'abc' }, 'title'],
    [{ title: 'x'.repeat(121) }, 'title'],
    [{ body: 'x'.repeat(50_001) }, 'body'],
    [{ label: 'no-such-label' }, 'label'],
    [{ postNumbers: [999_999] }, 'postNumbers'],
    // Past PostgreSQL's integer, which post numbers are: once a 500 (found by the API fuzzer).
    [{ postNumbers: [Number.MAX_SAFE_INTEGER] }, 'postNumbers.0'],
  ])('refuses %o with a field error on %s', async (patch, field) => {
    const res = await create(actors.moderator, { title: 'A fine title', body: '', label: 'new', ...patch });
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json.error?.fields ?? {})).toContain(field);
  });

  it('accepts the limits: a 4-character title (trimmed) and a 50,000-character body', async () => {
    const res = await create(actors.moderator, { title: '  Four  ', body: 'x'.repeat(50_000), label: 'fixed' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ title: 'Four', state: 'draft', label: { slug: 'fixed', name: 'Fixed' } });
  });

  it('refuses a status outside the done category as the status posts move to', async () => {
    const planned = await statusBySlug('planned');
    const res = await create(actors.moderator, { title: 'Moves to planned', label: 'new', publishStatusId: planned.id });
    expect(res.status).toBe(422);
    expect(res.json.error?.fields).toHaveProperty('publishStatusId');
  });
});

describe('permissions (SPEC.md §6)', () => {
  it.each([
    ['visitor', 401],
    ['member', 403],
    ['moderator', 201],
    ['admin', 201],
  ] as const)('writing an entry as %s answers %i', async (who, status) => {
    const res = await create(who === 'visitor' ? undefined : actors[who], { title: `By ${who}`, label: 'improved' });
    expect(res.status).toBe(status);
  });

  it('publishing: visitors 401, members 403, the team 200', async () => {
    const entry = await draft();
    expect((await publish(undefined, entry.id)).status).toBe(401);
    expect((await publish(actors.member, entry.id)).status).toBe(403);
    expect((await publish(actors.moderator, entry.id)).status).toBe(200);
  });

  it('labels: the team reads them, only admins add one', async () => {
    expect((await callRoute(adminChangelogLabelsRoute, { as: actors.moderator })).json.items).toEqual(
      expect.arrayContaining([
        { slug: 'new', name: 'New' },
        { slug: 'improved', name: 'Improved' },
        { slug: 'fixed', name: 'Fixed' },
      ]),
    );
    expect((await callRoute(adminChangelogLabelsRoute, { method: 'POST', body: { name: 'Security' }, as: actors.moderator })).status).toBe(
      403,
    );
    const added = await callRoute(adminChangelogLabelsRoute, { method: 'POST', body: { name: 'Security' }, as: actors.admin });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ slug: 'security', name: 'Security' });
    expect((await callRoute(adminChangelogLabelsRoute, { method: 'POST', body: { name: 'security' }, as: actors.admin })).status).toBe(409);
    expect((await create(actors.moderator, { title: 'A security fix', label: 'security' })).status).toBe(201);
  });

  it('drafts are not public: the list leaves them out and the entry page is 404', async () => {
    const entry = await draft({ title: 'Not yet out' });
    expect((await publicList()).json.items.map((e) => e.slug)).not.toContain(entry.slug);
    expect((await publicEntry(entry.slug)).status).toBe(404);
  });

  it('in a sign-in-required workspace visitors get 401 and members read', async () => {
    const entry = await draft({ title: 'Private workspace news' });
    await publish(actors.moderator, entry.id);
    await db().execute(sql`update workspace_settings set access = 'sign_in_required'`);
    forgetWorkspace();
    try {
      expect((await publicList()).status).toBe(401);
      expect((await publicEntry(entry.slug)).status).toBe(401);
      expect((await publicEntry(entry.slug, actors.member)).status).toBe(200);
    } finally {
      await db().execute(sql`update workspace_settings set access = 'public'`);
      forgetWorkspace();
    }
  });
});

describe('publishing', () => {
  it('publishes, lists newest first with a label filter and cursor pages, and unpublishes back to draft', async () => {
    const a = await draft({ title: 'First of the series', label: 'fixed' });
    const b = await draft({ title: 'Second of the series', label: 'fixed' });
    await publish(actors.moderator, a.id);
    const res = await publish(actors.admin, b.id);
    expect(res.json).toMatchObject({ state: 'published', scheduledFor: null });
    const first = await publicList(undefined, { label: 'fixed', limit: '1' });
    expect(first.json.items.map((e) => e.slug)).toEqual([b.slug]);
    const second = await publicList(undefined, { label: 'fixed', limit: '1', cursor: first.json.nextCursor! });
    expect(second.json.items.map((e) => e.slug)).toEqual([a.slug]);
    expect((await publicList(undefined, { label: 'new' })).json.items.map((e) => e.slug)).not.toContain(a.slug);
    expect((await publicList(undefined, { cursor: 'bm90LWEtY3Vyc29y' })).status).toBe(422);

    const back = await unpublish(actors.moderator, b.id);
    expect(back.json).toMatchObject({ state: 'draft', publishedAt: null });
    expect((await publicEntry(b.slug)).status).toBe(404);
    expect((await listPublishedEntriesForFeed(50)).map((e) => e.slug)).not.toContain(b.slug);
    expect((await listPublishedEntriesForFeed(50)).map((e) => e.slug)).toContain(a.slug);
  });

  it('moves the linked posts to the chosen done status with the entry as the public note, once; skips posts already there', async () => {
    const complete = await statusBySlug('complete');
    const p1 = await insertPost(publicBoard.id);
    const p2 = await insertPost(publicBoard.id);
    const already = await insertPost(publicBoard.id, { statusId: complete.id });
    const entry = await draft({ title: 'Exports ship', postNumbers: [p1.number, p2.number, already.number], publishStatusId: complete.id });
    const res = await publish(actors.moderator, entry.id);
    expect(res.status).toBe(200);
    expect(res.json.postsMoved).toBe(2);
    for (const p of [p1, p2]) {
      const history = await db().select().from(statusChanges).where(eq(statusChanges.postId, p.id));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ toStatusId: complete.id, byId: actors.moderator.id });
      expect(history[0]!.note).toContain('Exports ship');
      expect(history[0]!.note).toContain(`/changelog/${entry.slug}`);
      const [row] = await db().select().from(posts).where(eq(posts.id, p.id));
      expect(row?.statusId).toBe(complete.id);
    }
    expect(await db().select().from(statusChanges).where(eq(statusChanges.postId, already.id))).toHaveLength(0);

    // Publishing again is a no-op: no second history entry, no second event.
    const eventsBefore = (await db().select().from(jobs).where(eq(jobs.kind, EVENT_JOB_KIND))).length;
    const again = await publish(actors.moderator, entry.id);
    expect(again.json.postsMoved).toBe(0);
    expect(await db().select().from(statusChanges).where(eq(statusChanges.postId, p1.id))).toHaveLength(1);
    expect((await db().select().from(jobs).where(eq(jobs.kind, EVENT_JOB_KIND))).length).toBe(eventsBefore);
  });

  it('without a chosen status the linked posts keep theirs; the changelog.published event is recorded', async () => {
    const p = await insertPost(publicBoard.id);
    const entry = await draft({ title: 'No status move', postNumbers: [p.number] });
    await publish(actors.moderator, entry.id);
    expect(await db().select().from(statusChanges).where(eq(statusChanges.postId, p.id))).toHaveLength(0);
    const events = (await db().select().from(jobs).where(eq(jobs.kind, EVENT_JOB_KIND))).map((j) => j.payload as Record<string, unknown>);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'changelog.published', entryId: entry.id, actorId: actors.moderator.id }),
    );
  });

  it('audits team actions', async () => {
    const entry = await draft({ title: 'Audited entry' });
    await publish(actors.moderator, entry.id);
    const rows = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'changelog_entry'), eq(auditEvents.targetId, entry.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['changelog.created', 'changelog.published']);
  });
});

describe('scheduled publishing', () => {
  const backdate = (id: string) =>
    Promise.all([
      db()
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.key, publishJobKey(id))),
      db()
        .update(changelogEntries)
        .set({ scheduledFor: new Date(Date.now() - 1000) })
        .where(eq(changelogEntries.id, id)),
    ]);

  it('refuses a time in the past', async () => {
    const entry = await draft({ title: 'Back to the future' });
    const res = await schedule(actors.moderator, entry.id, new Date(Date.now() - 60_000));
    expect(res.status).toBe(422);
    expect(res.json.error?.fields).toHaveProperty('at');
  });

  it('waits for its time, then two runners at once publish it exactly once, as the person who scheduled it', async () => {
    const complete = await statusBySlug('complete');
    const p = await insertPost(publicBoard.id);
    const entry = await draft({ title: 'Scheduled release', postNumbers: [p.number], publishStatusId: complete.id });
    const res = await schedule(actors.moderator, entry.id, new Date(Date.now() + 3_600_000));
    expect(res.json.scheduledFor).not.toBeNull();
    // Rescheduling replaces the job: one job for the entry, whatever was asked before.
    await schedule(actors.moderator, entry.id, new Date(Date.now() + 7_200_000));
    expect(await db().select().from(jobs).where(eq(jobs.kind, PUBLISH_JOB_KIND))).toHaveLength(1);

    expect(await runDueJobs(changelogJobs)).toBe(0); // not due yet
    expect((await publicEntry(entry.slug)).status).toBe(404);

    await backdate(entry.id);
    const ran = await Promise.all([runDueJobs(changelogJobs), runDueJobs(changelogJobs)]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await publicEntry(entry.slug)).status).toBe(200);
    const history = await db().select().from(statusChanges).where(eq(statusChanges.postId, p.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ toStatusId: complete.id, byId: actors.moderator.id });
    const published = (await db().select().from(jobs).where(eq(jobs.kind, EVENT_JOB_KIND))).filter(
      (j) => (j.payload as { entryId?: string }).entryId === entry.id,
    );
    expect(published).toHaveLength(1);

    // The same job run again (a crash before its commit, a stale copy) changes nothing.
    const [before] = await db().select().from(changelogEntries).where(eq(changelogEntries.id, entry.id));
    await changelogJobs[PUBLISH_JOB_KIND]!(
      { entryId: entry.id },
      { tx: db() as never, job: { id: 0, kind: PUBLISH_JOB_KIND, attempt: 2 }, afterCommit: () => {} },
    );
    expect(await db().select().from(statusChanges).where(eq(statusChanges.postId, p.id))).toHaveLength(1);
    const [after] = await db().select().from(changelogEntries).where(eq(changelogEntries.id, entry.id));
    expect(after?.publishedAt).toEqual(before?.publishedAt);
    const again = (await db().select().from(jobs).where(eq(jobs.kind, EVENT_JOB_KIND))).filter(
      (j) => (j.payload as { entryId?: string }).entryId === entry.id,
    );
    expect(again).toHaveLength(1);
  });

  it('publishing by hand or unscheduling withdraws the scheduled job', async () => {
    const a = await draft({ title: 'Scheduled then published' });
    await schedule(actors.moderator, a.id, new Date(Date.now() + 3_600_000));
    await publish(actors.moderator, a.id);
    const b = await draft({ title: 'Scheduled then withdrawn' });
    await schedule(actors.moderator, b.id, new Date(Date.now() + 3_600_000));
    const res = await callRoute<Entry>(adminChangelogScheduleRoute, { method: 'DELETE', params: { id: b.id }, as: actors.moderator });
    expect(res.json).toMatchObject({ state: 'draft', scheduledFor: null });
    expect(await db().select().from(jobs).where(eq(jobs.kind, PUBLISH_JOB_KIND))).toHaveLength(0);
  });
});

describe('the audience of a publication', () => {
  it('is the voters and subscribers of the linked posts and the changelog subscribers, each person once', async () => {
    const [voter, subscriber, follower, optedOut, stranger] = await Promise.all([
      createTestActor('member'),
      createTestActor('member'),
      createTestActor('member'),
      createTestActor('member'),
      createTestActor('member'),
    ]);
    const ps = await Promise.all([insertPost(publicBoard.id), insertPost(publicBoard.id), insertPost(publicBoard.id)]);
    // One person voted on all three linked posts (and is subscribed to them, as voting does).
    for (const p of ps) {
      await db().insert(votes).values({ postId: p.id, userId: voter.id });
      await db().insert(subscriptions).values({ userId: voter.id, postId: p.id });
    }
    await db().insert(subscriptions).values({ userId: subscriber.id, postId: ps[0]!.id });
    await db().insert(subscriptions).values({ userId: optedOut.id, postId: ps[1]!.id, subscribed: false });
    const entry = await draft({ title: 'Audience entry', postNumbers: ps.map((p) => p.number) });
    expect((await callRoute(changelogSubscriptionRoute, { method: 'PUT', as: follower })).json).toEqual({ subscribed: true });
    expect((await callRoute(changelogSubscriptionRoute, { method: 'PUT' })).status).toBe(401);

    const { entry: e, recipientIds } = await changelogAudience(db(), entry.id);
    expect(e).toMatchObject({ id: entry.id, slug: entry.slug, title: 'Audience entry' });
    expect(recipientIds.filter((id) => id === voter.id)).toHaveLength(1);
    expect(recipientIds).toEqual(expect.arrayContaining([voter.id, subscriber.id, follower.id]));
    expect(recipientIds).not.toContain(optedOut.id);
    expect(recipientIds).not.toContain(stranger.id);
    expect(new Set(recipientIds).size).toBe(recipientIds.length);

    // Unfollowing the changelog takes the follower out; a deleted person is never in it.
    await callRoute(changelogSubscriptionRoute, { method: 'DELETE', as: follower });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, subscriber.id));
    const after = (await changelogAudience(db(), entry.id)).recipientIds;
    expect(after).not.toContain(follower.id);
    expect(after).not.toContain(subscriber.id);
    expect(after).toContain(voter.id);
  });
});

describe('linked posts respect visibility', () => {
  it('a private-board or pending post shows only to readers who may see it; "shipped in" lists published entries only', async () => {
    const open = await insertPost(publicBoard.id, { title: 'An open request' });
    const hidden = await insertPost(privateBoard.id, { title: 'A private request' });
    const pending = await insertPost(publicBoard.id, { title: 'A pending request', approval: 'pending' });
    const entry = await draft({ title: 'Mixed visibility', postNumbers: [open.number, hidden.number, pending.number] });
    const other = await draft({ title: 'Still a draft', postNumbers: [open.number] });
    await publish(actors.moderator, entry.id);

    const visitor = await publicEntry(entry.slug);
    expect(visitor.json.posts.map((p) => p.number)).toEqual([open.number]);
    const member = await publicEntry(entry.slug, actors.member);
    expect(member.json.posts.map((p) => p.number)).toEqual([open.number]);
    const team = await publicEntry(entry.slug, actors.moderator);
    expect(team.json.posts.map((p) => p.number).sort()).toEqual([open.number, hidden.number, pending.number].sort());
    const listed = (await publicList()).json.items.find((e) => e.slug === entry.slug);
    expect(listed?.posts.map((p) => p.title)).toEqual(['An open request']);

    expect((await shippedIn(open.id)).map((s) => s.slug)).toEqual([entry.slug]);
    expect((await shippedIn(open.id)).map((s) => s.slug)).not.toContain(other.slug);
  });

  it('the team links only posts that exist and are not deleted', async () => {
    const gone = await insertPost(publicBoard.id, { deletedAt: new Date() });
    const res = await create(actors.moderator, { title: 'Links a deleted post', label: 'new', postNumbers: [gone.number] });
    expect(res.status).toBe(422);
    expect(res.json.error?.fields).toHaveProperty('postNumbers');
  });

  it('PATCH changes the fields given and keeps the slug', async () => {
    const entry = await draft({ title: 'Original title here' });
    const res = await callRoute<Entry>(adminChangelogEntryRoute, {
      method: 'PATCH',
      params: { id: entry.id },
      body: { title: 'A better title', label: 'improved' },
      as: actors.admin,
    });
    expect(res.json).toMatchObject({ title: 'A better title', slug: entry.slug, label: { slug: 'improved' }, body: entry.body });
  });
});
