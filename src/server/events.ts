/**
 * Domain events: what happened, recorded in the transaction that made it happen, for the work
 * that follows from it (notifications; later webhooks and live updates). An event carries ids,
 * not content: each consumer reads what it needs when it runs, as its reader may see it.
 *
 * `emitEvent` writes one job of kind `event` in the caller's transaction, so an event exists
 * exactly when its change committed. That job's handler (src/composition/background.ts) hands
 * the event to each consumer that declared its type (`eventConsumer`), as a job of the
 * consumer's own kind, so each retries on its own.
 *
 * The events that pages show live (votes, status changes, merges, approvals, comments) also
 * publish a live signal here, in the same transaction (src/server/live/publish.ts): it reaches
 * open streams right after the commit, without waiting for the job queue.
 */
import { z } from 'zod';
import type { DbOrTx } from '@/server/db/client';
import { enqueueJob, jobHandler, type JobContext, type JobHandler } from '@/server/jobs/queue';
import { publishLive } from '@/server/live/publish';
import { APPROVAL_DECISIONS } from '@/features/posts/enums';

export const EVENT_JOB_KIND = 'event';

const id = z.string().min(1);
const base = { at: z.iso.datetime(), actorId: id.nullable() };

export const domainEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post.created'), postId: id, ...base }),
  z.object({ type: z.literal('post.status_changed'), postId: id, statusChangeId: z.number().int().positive(), ...base }),
  z.object({ type: z.literal('post.merged'), postId: id, intoPostId: id, ...base }),
  z.object({ type: z.literal('post.approval_decided'), postId: id, approval: z.enum(APPROVAL_DECISIONS), ...base }),
  z.object({ type: z.literal('comment.created'), postId: id, commentId: z.number().int().positive(), ...base }),
  z.object({ type: z.literal('vote.created'), postId: id, userId: id, ...base }),
  z.object({ type: z.literal('changelog.published'), entryId: id, ...base }),
]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];

/** Every event type, in the schema's order. */
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = domainEventSchema.options.map((o) => o.shape.type.value);

/**
 * Work that follows from some domain events: the types it acts on (`types`), and its handler,
 * which runs as a job of the consumer's own kind (`jobKind`). The fan-out writes that job only
 * for an event of a listed type.
 */
export interface EventConsumer {
  readonly jobKind: string;
  readonly types: readonly DomainEventType[];
  readonly handler: JobHandler;
}

/**
 * Declares a consumer; its handler receives only events of the listed types. A job queued for
 * another type (before the consumer stopped listing it) completes without doing anything.
 */
export function eventConsumer<const T extends DomainEventType>(consumer: {
  jobKind: string;
  types: readonly T[];
  handle: (event: Extract<DomainEvent, { type: T }>, ctx: JobContext) => Promise<void>;
}): EventConsumer {
  const listed = (e: DomainEvent): e is Extract<DomainEvent, { type: T }> =>
    (consumer.types as readonly DomainEventType[]).includes(e.type);
  return {
    jobKind: consumer.jobKind,
    types: consumer.types,
    handler: jobHandler(domainEventSchema, async (event, ctx) => {
      if (listed(event)) await consumer.handle(event, ctx);
    }),
  };
}

/** What an emitter gives: the event without its time, which is stamped here. */
type EventInput = DomainEvent extends infer E ? (E extends DomainEvent ? Omit<E, 'at'> : never) : never;

/** Records an event in `tx`; call kickJobs() after the commit so consumers start at once. */
export async function emitEvent(tx: DbOrTx, event: EventInput): Promise<void> {
  await enqueueJob(EVENT_JOB_KIND, { ...event, at: new Date().toISOString() }, { tx });
  await publishLiveFor(tx, event);
}

async function publishLiveFor(tx: DbOrTx, event: EventInput): Promise<void> {
  switch (event.type) {
    case 'vote.created':
      return publishLive(tx, { kind: 'votes', postId: event.postId });
    case 'post.merged':
      // The duplicate's votes now count on the target too.
      await publishLive(tx, { kind: 'votes', postId: event.intoPostId });
      return publishLive(tx, { kind: 'post', postId: event.postId });
    case 'post.status_changed':
    case 'post.approval_decided':
      return publishLive(tx, { kind: 'post', postId: event.postId });
    case 'comment.created':
      return publishLive(tx, { kind: 'comment', postId: event.postId, commentId: event.commentId });
    case 'post.created':
    case 'changelog.published':
      return;
  }
}
