/**
 * GET /api/v1/events: live updates as server-sent events (docs/api.md, "Live updates").
 *
 * Topics come in the query: `post=<number>` (a post page: votes, status, merge, comments),
 * `board=<slug>` (a board page: votes and statuses), `roadmap=1` (votes and statuses on every
 * board the reader may see). Each is checked as the REST API checks it: a post or board this
 * reader may not load answers 404, before any stream opens. The stream itself is
 * src/server/live/stream.ts; what reaches it is filtered per reader (src/server/live/reader.ts).
 */
import { z } from 'zod';
import { anyone, isTeamMember } from '@/core/identity/policy';
import { boardSlugSchema } from '@/features/boards/schema';
import { getBoardHeader } from '@/features/boards/server/service';
import { postNumberParam } from '@/features/posts/schema';
import { getPostContext } from '@/features/posts/server/access-service';
import { env } from '@/config/env';
import { db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { endpoint, route } from '@/server/http/route';
import type { Actor } from '@/server/identity/actor';
import { liveHub } from '@/server/live/hub';
import type { LiveReader } from '@/server/live/reader';
import { openLiveStream } from '@/server/live/stream';
import { visibleBoardIds } from '@/server/live/visible-boards';

export const eventsQuery = z
  .object({
    post: postNumberParam.optional().describe('A post number: that post’s votes, status, merge and comments.'),
    board: boardSlugSchema.optional().describe('A board slug: votes and statuses on that board.'),
    roadmap: z.literal('1').optional().describe('`1`: votes and statuses on every board the reader may see.'),
  })
  .refine((q) => q.post !== undefined || q.board !== undefined || q.roadmap !== undefined, {
    message: 'Name a topic: post, board or roadmap',
    path: ['post'],
  });
type EventsQuery = z.output<typeof eventsQuery>;

/** Streams one person (or one address) may hold open on one instance: a few tabs. */
export const STREAMS_PER_SUBJECT = 20;
/** Streams one instance holds at most (bench/live.ts measures what one holds). */
export const STREAMS_PER_INSTANCE = 5000;

async function readerFor(actor: Actor, q: EventsQuery): Promise<{ reader: LiveReader; topicBoards: ReadonlySet<string> }> {
  const posts = new Set<number>();
  const boardTopics = new Set<string>();
  /** The boards the topics live on: a reader who can no longer see one of them loses the stream. */
  const topicBoards = new Set<string>();
  if (q.post !== undefined) {
    const ctx = await getPostContext(db(), actor, q.post);
    posts.add(ctx.post.number);
    topicBoards.add(ctx.board.id);
  }
  if (q.board !== undefined) {
    const id = (await getBoardHeader(actor, q.board)).id;
    boardTopics.add(id);
    topicBoards.add(id);
  }
  const reader: LiveReader = {
    userId: actor.kind === 'user' ? actor.id : null,
    team: isTeamMember(actor),
    boards: await visibleBoardIds(actor, { fresh: true }),
    topics: { posts, boards: boardTopics, roadmap: q.roadmap !== undefined },
  };
  return { reader, topicBoards };
}

/**
 * At each heartbeat: the reader's visible boards again (shared between the streams of one
 * audience, so this costs a few reads however many streams are open); null when a topic's board
 * is no longer among them. A post that became hidden otherwise (deleted, rejected) is filtered by
 * its signals' own facts.
 */
async function refreshed(actor: Actor, reader: LiveReader, topicBoards: ReadonlySet<string>): Promise<LiveReader | null> {
  const boards = await visibleBoardIds(actor);
  for (const id of topicBoards) if (!boards.has(id)) return null;
  return { ...reader, boards };
}

export const eventsRoute = route('/api/v1/events', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    query: eventsQuery,
    // Opening streams; what one holds open at once is capped below.
    rateLimit: { name: 'live-streams', limit: 60, windowSeconds: 60 },
    produces: 'text/event-stream',
    summary: 'Live updates (server-sent events)',
    description:
      'A text/event-stream of small signals (votes, post, comment) about the posts this reader may see, for one topic: ' +
      'post=<number>, board=<slug> or roadmap=1. Each event has an id; a reconnect with Last-Event-ID resumes, or gets ' +
      'an event "refetch". A comment line every 20 s keeps proxies from closing an idle stream.',
    tags: ['events'],
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
    handle: async ({ req, res, actor, ip, query }) => {
      const { reader, topicBoards } = await readerFor(actor, query);
      const hub = liveHub();
      if (hub.closing || hub.streams >= STREAMS_PER_INSTANCE) {
        throw new AppError('UNAVAILABLE', 'This server holds as many live streams as it can; try again shortly.', {
          headers: { 'Retry-After': '30' },
        });
      }
      const subject = actor.kind === 'user' ? `user:${actor.id}` : `ip:${ip}`;
      const cap = STREAMS_PER_SUBJECT * env().CHORUS_RATE_LIMIT_MULTIPLIER;
      if (!hub.acquire(subject, cap)) {
        throw new AppError('RATE_LIMITED', 'Too many live streams are open; close a tab or try again shortly.', {
          headers: { 'Retry-After': '30' },
        });
      }
      const lastEventId = req.headers['last-event-id'];
      const stream = openLiveStream({
        reader,
        lastEventId: typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId : undefined,
        refreshReader: () => refreshed(actor, reader, topicBoards),
      });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        hub.release(subject);
        stream.close();
      };
      // The response closes when the client goes away (or the stream ended): the place is free again.
      res.once('close', release);
      return {
        status: 200,
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          // no-transform: Next.js's gzip (the `compression` middleware) would hold events back in its buffer.
          'cache-control': 'no-store, no-transform',
          // Proxies (nginx) pass each event on at once instead of buffering the answer.
          'x-accel-buffering': 'no',
        },
        stream: (async function* () {
          try {
            yield* stream.chunks;
          } finally {
            release();
          }
        })(),
      };
    },
  }),
});
