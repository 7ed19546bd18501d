/**
 * PostgreSQL: each instance keeps one listening connection on `chorus_changes` (visitor-cache.ts),
 * on which every instance announces its committed changes. An announcement from another instance
 * empties this instance's copies (for votes, those that show the posts' counts); while the connection is down this instance keeps no copies, and
 * after it reconnects it starts from empty (it may have missed an announcement meanwhile).
 */
import { listenChannel, type Listening } from '@/server/db/listen';
import { CHANGES_CHANNEL, hearAnnouncement, setHearsChanges } from './visitor-cache';

export function listenForChanges(databaseUrl: string): Listening {
  const listening = listenChannel(
    databaseUrl,
    CHANGES_CHANNEL,
    hearAnnouncement,
    () => setHearsChanges(true),
    () => setHearsChanges(false),
  );
  return {
    ready: listening.ready,
    stop: async () => {
      setHearsChanges(false);
      await listening.stop();
    },
  };
}
