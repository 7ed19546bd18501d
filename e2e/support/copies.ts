/**
 * What clears a kept copy of a visitor's page (src/server/cache/changes.ts): a refused write
 * clears nothing; a vote on one board's post leaves another board's page kept and shows on its
 * own board's page within a second. Servers with diagnostics on say when a page is a kept copy
 * (`x-chorus-copy: page`) and the latest whole change the instance knows of
 * (`x-chorus-last-whole-change`).
 *
 * A copy also goes when it lapses (after `copySeconds`) or when the server's own background work
 * makes a whole change (the trending refresh, scheduled publishing): neither is what this proves,
 * so a round that either of them overtook is played again with fresh pages, and only a copy that
 * went while the instance saw no whole change and before its time fails the proof.
 *
 * Run where no other spec writes meanwhile: any accepted write elsewhere clears every copy.
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect } from './fixtures';
import { createBoard, createPost } from './posts';

export interface CopiesProof {
  browser: Browser;
  /** The admin's and a member's requests, signed in. */
  admin: APIRequestContext;
  member: APIRequestContext;
  /** The origin writes name (CSRF), and where writes and reads go (two instances: different ones). */
  origin: string;
  writeBase: string;
  readBase: string;
  /** How long the reading instance keeps a copy (30 on embedded PGlite, CHORUS_VISITOR_CACHE_SECONDS on PostgreSQL). */
  copySeconds: number;
}

/** Rounds played at most: each one a background change or a lapse overtook is played again. */
const ROUNDS = 4;

interface Read {
  copy: boolean;
  /** The votes of every post the page shows. */
  count: number;
  lastWholeChange: number;
}

export async function proveWhatClearsCopies({
  browser,
  admin,
  member,
  origin,
  writeBase,
  readBase,
  copySeconds,
}: CopiesProof): Promise<void> {
  const headers = { Origin: origin };
  const [kept, voted] = [await createBoard(admin, origin, 'kept'), await createBoard(admin, origin, 'voted')];
  const onKept = await createPost(admin, origin, kept.slug, 'A post nobody votes for');
  // One post per round: a round that is played again votes on a post nobody has voted for yet.
  const onVoted: number[] = [];
  for (let i = 0; i < ROUNDS; i++) onVoted.push((await createPost(admin, origin, voted.slug, `A post that gets a vote ${i + 1}`)).number);

  // Reads over HTTP, as a visitor (no cookies): quick enough that a round ends long before a copy lapses.
  const visitor = await browser.newContext();
  const stranger = await browser.newContext();
  try {
    const read = async (url: string): Promise<Read> => {
      const res = await visitor.request.get(url);
      expect(res.status(), url).toBe(200);
      // Every post on the page, counted together: one vote per round on this proof's boards.
      const counts = [...(await res.text()).matchAll(/data-testid="vote-count"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
      expect(counts.length, `vote counts on ${url}`).toBeGreaterThan(0);
      const count = counts.reduce((a, b) => a + b, 0);
      return {
        copy: res.headers()['x-chorus-copy'] === 'page',
        count,
        lastWholeChange: Number(res.headers()['x-chorus-last-whole-change']),
      };
    };
    // Each address is a copy of its own (the query is part of it; the board page ignores `look`):
    // a new one is rendered now, so its copy is young however long earlier steps took.
    let looks = 0;
    const keptCopy = async (slug: string): Promise<{ url: string; at: number }> => {
      const url = `${readBase}/b/${slug}?look=${++looks}`;
      const at = Date.now();
      await read(url);
      await expect.poll(async () => (await read(url)).copy, { timeout: 10_000, intervals: [50] }).toBe(true);
      return { url, at };
    };
    /** Whether a copy that is gone now may have gone for another reason than the one proved: it lapsed, or a whole change came. */
    const overtaken = (copy: { at: number }, before: Read, after: Read) =>
      Date.now() - copy.at > copySeconds * 1000 - 500 || after.lastWholeChange !== before.lastWholeChange;

    // Someone with no account posts and votes: refused (401), and the copy stays.
    for (let round = 1; ; round++) {
      const page = await keptCopy(kept.slug);
      const before = await read(page.url);
      const refused = [
        await stranger.request.post(`${readBase}/api/v1/posts`, { data: { board: kept.slug, title: 'Junk' }, headers }),
        await stranger.request.put(`${readBase}/api/v1/posts/${onKept.number}/vote`, { headers }),
      ];
      expect(refused.map((r) => r.status())).toEqual([401, 401]);
      const after = await read(page.url);
      if (!after.copy && overtaken(page, before, after) && round < ROUNDS) continue;
      expect({ copy: after.copy, count: after.count }, 'a refused write cleared a copy').toEqual({ copy: true, count: 0 });
      break;
    }

    // A vote on one board's post, with both boards' pages kept: its own board's page shows it to a
    // request made within a second of it…
    for (let round = 1; ; round++) {
      const votedPage = await keptCopy(voted.slug);
      const keptPage = await keptCopy(kept.slug);
      const before = await read(keptPage.url);
      const vote = await member.put(`${writeBase}/api/v1/posts/${onVoted[round - 1]}/vote`, { headers });
      expect(vote.status(), await vote.text()).toBe(200);
      const votedAt = Date.now();
      let askedAt = 0;
      await expect
        .poll(
          async () => {
            askedAt = Date.now();
            return (await read(votedPage.url)).count;
          },
          { timeout: 5_000, intervals: [50] },
        )
        .toBe(round);
      expect(askedAt - votedAt).toBeLessThan(1_000);
      // …and the other board's page is still the copy from before the vote.
      const after = await read(keptPage.url);
      if (!after.copy && overtaken(keptPage, before, after) && round < ROUNDS) continue;
      expect({ copy: after.copy, count: after.count }, 'a vote on another board cleared a copy').toEqual({ copy: true, count: 0 });
      break;
    }
  } finally {
    await visitor.close();
    await stranger.close();
  }
}
