/**
 * Signals across instances (PostgreSQL): each instance keeps one listening connection on
 * `chorus_live` and hands every notification to its hub. After a reconnect it reads from
 * `live_events` what was published while it was away, so its open streams miss nothing.
 */
import { asc, gt, max } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { listenChannel, type Listening } from '@/server/db/listen';
import { liveEvents } from '@/server/db/schema';
import { logger } from '@/server/log';
import type { LiveHub } from './hub';
import { parseLiveEvent } from './signal';

export const LIVE_CHANNEL = 'chorus_live';

/** What one catch-up reads at most; a listener away longer leaves its streams to resume or refetch. */
const CATCH_UP_ROWS = 1000;

export async function catchUp(hub: LiveHub): Promise<void> {
  const rows = await db()
    .select({ id: liveEvents.id, signal: liveEvents.signal })
    .from(liveEvents)
    .where(gt(liveEvents.id, hub.lastId))
    .orderBy(asc(liveEvents.id))
    .limit(CATCH_UP_ROWS);
  for (const row of rows) {
    const event = parseLiveEvent(row);
    if (event) hub.deliver(event);
  }
}

/** A new listener starts from the newest signal: what came before is for resuming streams only. */
async function startFromNewest(hub: LiveHub): Promise<void> {
  const [row] = await db()
    .select({ id: max(liveEvents.id) })
    .from(liveEvents);
  hub.lastId = Math.max(hub.lastId, Number(row?.id ?? 0));
}

/** Starts the instance's listener; the hub then relies on it for every signal, its own included. */
export function listenForLiveSignals(databaseUrl: string, hub: LiveHub): Listening {
  hub.mode = 'listening';
  return listenChannel(
    databaseUrl,
    LIVE_CHANNEL,
    (payload) => {
      let value: unknown;
      try {
        value = JSON.parse(payload);
      } catch {
        return;
      }
      const event = parseLiveEvent(value);
      if (event) hub.deliver(event);
    },
    (reconnected) => {
      const work = reconnected ? catchUp(hub) : startFromNewest(hub);
      void work.catch((err: unknown) => logger().warn({ err }, 'live catch-up failed'));
    },
  );
}
