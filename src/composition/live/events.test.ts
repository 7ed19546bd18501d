/**
 * GET /api/v1/events over real HTTP (PGlite, and PostgreSQL when CHORUS_TEST_DATABASE_URL is
 * set): topics checked like the REST API, signals filtered by what each reader may see (private
 * boards, internal notes, pending posts), the heartbeat, resuming with Last-Event-ID, the cap on
 * streams and a clean end at shutdown.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postCommentsRoute } from '@/features/comments/server/handlers';
import { postStatusRoute } from '@/features/posts/server/triage-handlers';
import { voteRoute } from '@/features/votes/server/handlers';
import { db } from '@/server/db/client';
import { eq } from 'drizzle-orm';
import { boardMembers, liveEvents, rateLimits } from '@/server/db/schema';
import { liveEventIds } from '@/server/live/event-id';
import { liveHub } from '@/server/live/hub';
import { listenForLiveSignals } from '@/server/live/listener';
import { liveStreamConfig } from '@/server/live/stream';
import { visibleBoardsConfig } from '@/server/live/visible-boards';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { grantBoard, insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { openSse, type SseFrame, type SseStream } from '@/test/sse';
import { eventsRoute } from './events-route';

const database = useTestDatabase();

let actors: { member: TestActor; moderator: TestActor; admin: TestActor };
let outsider: TestActor;
let publicBoard: { id: string; slug: string };
let privateBoard: { id: string; slug: string };
const open: SseStream[] = [];
const defaults = { ...liveStreamConfig };

beforeAll(async () => {
  actors = await createRoleActors();
  outsider = await createTestActor('member');
  publicBoard = await insertBoard();
  privateBoard = await insertBoard({ visibility: 'private' });
  await grantBoard(privateBoard.id, actors.member.id);
  // On PostgreSQL the instance's own signals come back through its listener, as in production.
  if (database.url) await listenForLiveSignals(database.url, liveHub()).ready;
});
beforeEach(async () => {
  await db().delete(rateLimits);
});
afterEach(async () => {
  Object.assign(liveStreamConfig, defaults);
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function stream(query: Record<string, string>, as?: TestActor, headers?: Record<string, string>) {
  const s = await openSse(eventsRoute, { query, as, headers });
  open.push(s);
  if (s.status === 200) await s.next((f) => f.event === 'ready' || f.event === 'refetch' || f.event === 'votes');
  return s;
}
/** An event id as readers see it: opaque, the same length whatever the count behind it. */
const OPAQUE_ID = /^[A-Za-z0-9_-]{22}$/;
const is = (event: string, post: number) => (f: SseFrame) => f.event === event && JSON.parse(f.data ?? '{}').post === post;
const vote = (as: TestActor, number: number, on = true) =>
  callRoute(voteRoute, { method: on ? 'PUT' : 'DELETE', params: { number: String(number) }, as });
const comment = (as: TestActor, number: number, body: string, internal = false) =>
  callRoute(postCommentsRoute, { method: 'POST', params: { number: String(number) }, body: { body, internal }, as });

describe('GET /api/v1/events: topics', () => {
  it('answers an event stream that starts with retry and a ready event with an id', async () => {
    const post = await insertPost(publicBoard.id);
    const s = await openSse(eventsRoute, { query: { post: String(post.number) } });
    open.push(s);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['cache-control']).toBe('no-store, no-transform');
    expect((await s.next()).retry).toBe(String(liveStreamConfig.retryMs));
    const ready = await s.next();
    expect(ready.event).toBe('ready');
    expect(ready.id).toMatch(OPAQUE_ID);
  });

  it('needs a topic, and answers 404 for a post or board this reader may not load', async () => {
    const hidden = await insertPost(privateBoard.id);
    expect((await openSse(eventsRoute, {})).status).toBe(422);
    for (const who of [undefined, outsider]) {
      const byPost = await openSse(eventsRoute, { query: { post: String(hidden.number) }, as: who });
      const byBoard = await openSse(eventsRoute, { query: { board: privateBoard.slug }, as: who });
      open.push(byPost, byBoard);
      expect([byPost.status, byBoard.status]).toEqual([404, 404]);
      await byPost.ended;
      expect(JSON.parse(byPost.body).error.code).toBe('NOT_FOUND');
    }
    const granted = await stream({ post: String(hidden.number) }, actors.member);
    expect(granted.status).toBe(200);
  });

  it('sends vote counts up and down to a post page, and to board and roadmap streams', async () => {
    const post = await insertPost(publicBoard.id);
    const page = await stream({ post: String(post.number) });
    const board = await stream({ board: publicBoard.slug });
    const roadmap = await stream({ roadmap: '1' });
    expect((await vote(actors.member, post.number)).status).toBe(200);
    for (const s of [page, board, roadmap]) {
      const f = await s.next(is('votes', post.number));
      expect(JSON.parse(f.data!)).toEqual({ post: post.number, votes: 1 });
      expect(f.id).toMatch(OPAQUE_ID);
    }
    expect((await vote(actors.member, post.number, false)).status).toBe(200);
    expect(JSON.parse((await page.next(is('votes', post.number))).data!)).toEqual({ post: post.number, votes: 0 });
  });

  it('sends a status change, and a board stream gets nothing about another board', async () => {
    const post = await insertPost(publicBoard.id);
    const other = await insertBoard();
    const page = await stream({ post: String(post.number) });
    const otherBoard = await stream({ board: other.slug });
    const planned = await statusBySlug('planned');
    const changed = await callRoute(postStatusRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { statusId: planned.id },
      as: actors.moderator,
    });
    expect(changed.status).toBe(200);
    await page.next(is('post', post.number));
    await otherBoard.none(() => true, 300);
  });
});

describe('GET /api/v1/events: what each reader may see', () => {
  it('a member without access to a private board gets nothing for it; a granted member does', async () => {
    const post = await insertPost(privateBoard.id);
    const outsiderRoadmap = await stream({ roadmap: '1' }, outsider);
    const visitorRoadmap = await stream({ roadmap: '1' });
    const grantedRoadmap = await stream({ roadmap: '1' }, actors.member);
    expect((await vote(actors.admin, post.number)).status).toBe(200);
    await grantedRoadmap.next(is('votes', post.number));
    await outsiderRoadmap.none(is('votes', post.number));
    await visitorRoadmap.none(is('votes', post.number));
  });

  it('gives a visitor ids that do not count what it may not see (opaque, not the workspace-wide sequence)', async () => {
    const post = await insertPost(publicBoard.id);
    const hidden = await insertPost(privateBoard.id);
    const visitor = await stream({ post: String(post.number) });
    const ready = visitor.frames.find((f) => f.event === 'ready')!;
    expect((await vote(actors.member, post.number)).status).toBe(200);
    const first = await visitor.next(is('votes', post.number));
    for (const who of [actors.admin, actors.moderator]) expect((await vote(who, hidden.number)).status).toBe(200);
    expect((await vote(actors.admin, post.number)).status).toBe(200);
    const second = await visitor.next(is('votes', post.number));
    const rows = await db().select({ id: liveEvents.id }).from(liveEvents).orderBy(liveEvents.id);
    const sequence = new Set(rows.map((r) => String(r.id)));
    for (const f of [ready, first, second]) {
      expect(f.id).toMatch(OPAQUE_ID);
      expect(sequence.has(f.id!)).toBe(false);
    }
    // Still a place to resume from: the hidden votes are skipped, the visible one after `first` is replayed.
    const again = await openSse(eventsRoute, { query: { post: String(post.number) }, headers: { 'last-event-id': first.id! } });
    open.push(again);
    const replayed = await again.next(is('votes', post.number));
    expect([JSON.parse(replayed.data!).votes, replayed.id]).toEqual([2, second.id]);
  });

  it('a visitor never gets an internal note; the team does; public comments reach everyone', async () => {
    const post = await insertPost(publicBoard.id);
    const visitor = await stream({ post: String(post.number) });
    const member = await stream({ post: String(post.number) }, actors.member);
    const team = await stream({ post: String(post.number) }, actors.moderator);
    const note = await comment(actors.moderator, post.number, 'Team only: we track this internally.', true);
    expect(note.status).toBe(201);
    const noteId = (note.json as { id: number }).id;
    expect(JSON.parse((await team.next(is('comment', post.number))).data!)).toEqual({ post: post.number, comment: noteId });
    await visitor.none(is('comment', post.number));
    await member.none(is('comment', post.number), 10);
    const reply = await comment(actors.member, post.number, 'A public reply');
    expect(reply.status).toBe(201);
    for (const s of [visitor, member, team]) {
      const f = await s.next(is('comment', post.number));
      expect(JSON.parse(f.data!).comment).toBe((reply.json as { id: number }).id);
    }
    expect(visitor.body).not.toContain(String(noteId) + '}');
  });

  it('a pending post reaches only its author and the team', async () => {
    const post = await insertPost(publicBoard.id, { approval: 'pending', authorId: actors.member.id });
    const author = await stream({ board: publicBoard.slug }, actors.member);
    const other = await stream({ board: publicBoard.slug }, outsider);
    const visitor = await stream({ board: publicBoard.slug });
    const team = await stream({ board: publicBoard.slug }, actors.admin);
    // Another person cannot even open the pending post's own stream.
    expect((await openSse(eventsRoute, { query: { post: String(post.number) }, as: outsider })).status).toBe(404);
    const planned = await statusBySlug('planned');
    const changed = await callRoute(postStatusRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { statusId: planned.id },
      as: actors.moderator,
    });
    expect(changed.status).toBe(200);
    await team.next(is('post', post.number));
    await author.next(is('post', post.number));
    await other.none(is('post', post.number));
    await visitor.none(is('post', post.number), 10);
  });
});

describe('GET /api/v1/events: the stream itself', () => {
  it('sends a heartbeat comment while idle', async () => {
    liveStreamConfig.heartbeatMs = 150;
    const post = await insertPost(publicBoard.id);
    const s = await stream({ post: String(post.number) });
    expect((await s.next((f) => f.comment !== undefined, 2000)).comment).toBe('keep-alive');
  });

  it('closes the stream of a reader who lost access to its topic, at the next heartbeat', async () => {
    liveStreamConfig.heartbeatMs = 150;
    visibleBoardsConfig.sharedMs = 0;
    try {
      const reader = await createTestActor('member');
      await grantBoard(privateBoard.id, reader.id);
      const post = await insertPost(privateBoard.id);
      const s = await stream({ post: String(post.number) }, reader);
      expect(s.status).toBe(200);
      await db().delete(boardMembers).where(eq(boardMembers.userId, reader.id));
      await s.ended;
      expect((await openSse(eventsRoute, { query: { post: String(post.number) }, as: reader })).status).toBe(404);
    } finally {
      visibleBoardsConfig.sharedMs = 10_000;
    }
  });

  it('resumes from Last-Event-ID with what was missed, filtered for the reader', async () => {
    const post = await insertPost(publicBoard.id);
    const first = await stream({ post: String(post.number) });
    const lastId = first.frames.find((f) => f.event === 'ready')!.id!;
    await first.close();
    await vote(actors.member, post.number);
    await comment(actors.moderator, post.number, 'internal', true);
    await vote(actors.admin, post.number);
    const again = await openSse(eventsRoute, { query: { post: String(post.number) }, headers: { 'last-event-id': lastId } });
    open.push(again);
    const a = await again.next(is('votes', post.number));
    const b = await again.next(is('votes', post.number));
    expect([JSON.parse(a.data!).votes, JSON.parse(b.data!).votes]).toEqual([1, 2]);
    expect(a.id).toMatch(OPAQUE_ID);
    expect(b.id).not.toBe(a.id);
    expect(again.frames.some((f) => f.event === 'comment' || f.event === 'ready')).toBe(false);
  });

  it('tells the reader to refetch when it cannot resume (pruned, or not an id)', async () => {
    const post = await insertPost(publicBoard.id);
    await vote(actors.member, post.number);
    const [oldest] = await db().select({ id: liveEvents.id }).from(liveEvents).orderBy(liveEvents.id).limit(1);
    await db().delete(liveEvents);
    await vote(actors.admin, post.number);
    const ids = await liveEventIds();
    for (const lastId of [
      ids.encode(oldest!.id - 1),
      ids.encode(99_999_999),
      String(oldest!.id),
      'abc',
      `${ids.encode(1).slice(0, -2)}AA`,
    ]) {
      const s = await openSse(eventsRoute, { query: { post: String(post.number) }, headers: { 'last-event-id': lastId } });
      open.push(s);
      const f = await s.next((x) => x.event !== undefined);
      expect(f.event).toBe('refetch');
      expect(f.id).toMatch(OPAQUE_ID);
    }
  });

  it('caps the streams one person holds open', async () => {
    const post = await insertPost(publicBoard.id);
    const hub = liveHub();
    const subject = `user:${actors.admin.id}`;
    let taken = 0;
    while (hub.acquire(subject, Number.MAX_SAFE_INTEGER) && taken < 100_000) {
      taken++;
      if (taken >= 20 * 50) break;
    }
    try {
      const refused = await openSse(eventsRoute, { query: { post: String(post.number) }, as: actors.admin });
      open.push(refused);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
    } finally {
      for (let i = 0; i < taken; i++) hub.release(subject);
    }
    expect((await stream({ post: String(post.number) }, actors.admin)).status).toBe(200);
  });

  it('ends every stream cleanly at shutdown, and frees its place', async () => {
    const post = await insertPost(publicBoard.id);
    const before = liveHub().streams;
    const s = await stream({ post: String(post.number) });
    expect(liveHub().streams).toBe(before + 1);
    liveHub().closeAll();
    await s.ended;
    await new Promise((r) => setTimeout(r, 50));
    expect(liveHub().streams).toBe(before);
    // A shutting-down instance opens no new stream: the browser reconnects elsewhere.
    const late = await openSse(eventsRoute, { query: { post: String(post.number) } });
    open.push(late);
    expect([late.status, late.headers['retry-after']]).toEqual([503, '30']);
    liveHub().closing = false;
  });

  it('replaces what a reader too slow to read would pile up by one refetch', async () => {
    liveStreamConfig.maxQueue = 3;
    const post = await insertPost(publicBoard.id);
    const frames: string[] = [];
    const { openLiveStream } = await import('@/server/live/stream');
    const reader = {
      userId: null,
      team: false,
      boards: new Set([publicBoard.id]),
      topics: { posts: new Set([post.number]), boards: new Set<string>(), roadmap: false },
    };
    const live = openLiveStream({ reader, lastEventId: undefined, refreshReader: async () => reader });
    const chunks = live.chunks[Symbol.asyncIterator]();
    frames.push(String((await chunks.next()).value)); // retry
    frames.push(String((await chunks.next()).value)); // ready: the stream is live, and nobody reads it now
    for (let i = 0; i < 5; i++) await vote(await createTestActor('member'), post.number);
    await new Promise((r) => setTimeout(r, 300));
    frames.push(String((await chunks.next()).value), String((await chunks.next()).value));
    live.close();
    await chunks.return?.(undefined);
    const events = frames.join('').match(/event: \w+/g);
    expect(events).toEqual(['event: ready', 'event: refetch', 'event: votes']);
    expect(frames.join('')).toContain('"votes":5');
  });
});

describe('live_events pruning', () => {
  it('drops signals older than the replay window but always keeps the newest', async () => {
    const { pruneLiveEvents } = await import('@/server/live/prune');
    const { sql } = await import('drizzle-orm');
    const post = await insertPost(publicBoard.id);
    await db().delete(liveEvents);
    await vote(actors.member, post.number);
    await vote(actors.admin, post.number);
    await db().execute(sql`update live_events set created_at = now() - interval '1 hour'`);
    await pruneLiveEvents();
    const left = await db().select({ id: liveEvents.id }).from(liveEvents);
    expect(left).toHaveLength(1);
    await vote(actors.moderator, post.number);
    await db().execute(sql`update live_events set created_at = now() - interval '1 hour'`);
    await pruneLiveEvents();
    const after = await db().select({ id: liveEvents.id }).from(liveEvents);
    expect(after.map((r) => r.id)).toEqual([Math.max(...after.map((r) => r.id))]);
    expect(after[0]!.id).toBeGreaterThan(left[0]!.id);
  });
});
