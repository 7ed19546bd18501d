/**
 * Keeps `live_events` short: signals older than `LIVE_REPLAY_MINUTES` go (any instance may do it),
 * except the newest, so that a stream reconnecting after a quiet spell can still tell that it
 * missed nothing (stream.ts resumes when the oldest row kept is not past its Last-Event-ID).
 */
import { sql } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { liveEvents } from '@/server/db/schema';

export const LIVE_REPLAY_MINUTES = 10;

export async function pruneLiveEvents(): Promise<void> {
  await db().execute(sql`
    delete from ${liveEvents}
    where ${liveEvents.createdAt} < now() - make_interval(mins => ${LIVE_REPLAY_MINUTES})
      and ${liveEvents.id} < (select max(id) from ${liveEvents})`);
}
