/**
 * Change announcements across instances (PostgreSQL only: the embedded database has one process).
 * A committed change announced by one instance empties another's copies; an instance's own
 * announcement is not acted on twice; a listener that stops hearing keeps nothing.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testServerUrl, useTestDatabase } from '@/test/db';
import type { Listening } from '@/server/db/listen';
import { listenForChanges } from './change-listener';
import { isCurrent } from './changes';
import { bumpContentGeneration, bumpVotes, CHANGES_CHANNEL, contentGeneration } from './visitor-cache';

const database = useTestDatabase();

const until = async (check: () => boolean, ms = 5000) => {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.runIf(testServerUrl())('change announcements (LISTEN/NOTIFY on chorus_changes)', () => {
  let listening: Listening;
  let other: pg.Client;
  /** What `other` heard on the channel from this instance (what it sends itself, which it hears too, is left out). */
  const heard: string[] = [];
  const fromOther = (payload: string) => payload === 'another-instance' || payload.includes('"from":"another-instance"');
  /**
   * How many announcements this instance has made: useTestDatabase empties the copies before each
   * test, which announces too, and those may arrive once a test has begun. A test waits for all of
   * them before it counts its own.
   */
  let made = 0;
  const settled = () => until(() => heard.length === made);
  beforeEach(() => {
    made += 1;
  });
  beforeAll(async () => {
    listening = listenForChanges(database.url!);
    await listening.ready;
    // Another instance, as far as this one can tell: a connection of its own that announces and listens.
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
    other.on('notification', (n) => void (n.channel === CHANGES_CHANNEL && !fromOther(n.payload ?? '') && heard.push(n.payload ?? '')));
    await other.query(`LISTEN ${CHANGES_CHANNEL}`);
  });
  afterAll(async () => {
    await listening.stop();
    await other.end();
  });

  it('another instance’s announcement empties this instance’s copies', async () => {
    const before = contentGeneration();
    await other.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'another-instance']);
    await until(() => contentGeneration() > before);
  });

  it('this instance announces its own changes once, and does not act on its own announcement again', async () => {
    await settled();
    const before = contentGeneration();
    bumpContentGeneration();
    made += 1;
    expect(contentGeneration()).toBe(before + 1);
    await settled();
    // Its own announcement has reached its listener too by now (same server, same moment); give it a moment.
    await new Promise((r) => setTimeout(r, 200));
    expect(contentGeneration()).toBe(before + 1);
    expect(heard.length).toBe(made);
    expect(heard.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a vote announced by another instance clears only what shows that post; this instance announces its votes the same way', async () => {
    const itsBoard = { generation: contentGeneration(), reach: { board: 'ideas' } } as const;
    const otherBoard = { generation: contentGeneration(), reach: { board: 'bugs' } } as const;
    const before = contentGeneration();
    await other.query('select pg_notify($1, $2)', [
      CHANGES_CHANNEL,
      JSON.stringify({ from: 'another-instance', votes: [{ post: 3, board: 'Ideas' }] }),
    ]);
    await until(() => contentGeneration() > before);
    expect([isCurrent(itsBoard), isCurrent(otherBoard)]).toEqual([false, true]);

    await settled();
    bumpVotes([{ post: 4, board: 'bugs' }]);
    made += 1;
    await settled();
    expect(JSON.parse(heard.at(-1)!)).toMatchObject({ votes: [{ post: 4, board: 'bugs' }] });
    expect(isCurrent(otherBoard)).toBe(false);
  });
});
