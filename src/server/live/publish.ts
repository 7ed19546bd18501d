/**
 * Publishing a live signal: in the transaction of the change itself, so that a signal exists
 * exactly when its change committed (src/server/live/README.md). One statement writes
 * the signal into `live_events` (for resuming streams) and raises `pg_notify('chorus_live', …)`,
 * which PostgreSQL delivers to every instance's listener only when the transaction commits; the
 * payload is the row itself, ids only, a few hundred bytes (NOTIFY takes under 8000).
 *
 * Embedded PGlite has one process and no listener: the hub (hub.ts) keeps the signal as pending
 * and delivers it once its row is visible, i.e. after the commit (a rolled-back row never is).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { comments, liveEvents, posts } from '@/server/db/schema';
import { liveHub } from './hub';
import { LIVE_CHANNEL } from './listener';
import { parseLiveEvent, type LiveKind } from './signal';

export interface LiveChange {
  kind: LiveKind;
  postId: string;
  commentId?: number;
}

export async function publishLive(tx: DbOrTx, change: LiveChange): Promise<void> {
  const comment =
    change.commentId === undefined
      ? sql`null::jsonb`
      : sql`(select jsonb_build_object('id', c.id, 'internal', c.internal, 'approval', c.approval, 'author', c.author_id,
                                       'deleted', c.deleted_at is not null)
             from ${comments} c where c.id = ${change.commentId})`;
  const result = (await tx.execute(sql`
    with ins as (
      insert into ${liveEvents} (signal)
      select jsonb_build_object('kind', ${change.kind}::text, 'post', p.number, 'board', p.board_id, 'approval', p.approval,
                                'author', p.author_id, 'deleted', p.deleted_at is not null, 'votes', p.vote_count,
                                'comment', ${comment})
      from ${posts} p where p.id = ${change.postId}
      returning id, signal)
    select id, signal, pg_notify(${LIVE_CHANNEL}, json_build_object('id', id, 'signal', signal)::text) as notified from ins`)) as unknown as {
    rows: unknown[];
  };
  for (const row of result.rows) {
    const event = parseLiveEvent(row);
    if (event) liveHub().noteLocal(event);
  }
}
