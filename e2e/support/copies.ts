/**
 * What clears a kept copy of a visitor's page (src/server/cache/changes.ts), seen in Chromium:
 * a refused write clears nothing; a vote on one board's post leaves another board's page kept
 * and shows on its own board's page within a second. Servers with diagnostics on say when a page
 * is a kept copy (`x-chorus-copy: page`).
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
}

export async function proveWhatClearsCopies({ browser, admin, member, origin, writeBase, readBase }: CopiesProof): Promise<void> {
  const headers = { Origin: origin };
  const [kept, voted] = [await createBoard(admin, origin, 'kept'), await createBoard(admin, origin, 'voted')];
  const onKept = await createPost(admin, origin, kept.slug, 'A post nobody votes for');
  const onVoted = await createPost(admin, origin, voted.slug, 'A post that gets a vote');

  const visitor = await browser.newContext();
  const stranger = await browser.newContext();
  try {
    const page = await visitor.newPage();
    /** The board page as a visitor reads it: whether it was a kept copy, and the vote count it shows. */
    const read = async (slug: string) => {
      const res = await page.goto(`${readBase}/b/${slug}`, { waitUntil: 'domcontentloaded' });
      expect(res?.status()).toBe(200);
      const count = Number(await page.getByTestId('vote-count').first().textContent());
      return { copy: res?.headers()['x-chorus-copy'] === 'page', count };
    };
    const untilKept = (slug: string) => expect.poll(async () => (await read(slug)).copy, { timeout: 10_000, intervals: [100] }).toBe(true);

    // Someone with no account posts and votes: refused (401), and every copy stays.
    await untilKept(kept.slug);
    const refused = [
      await stranger.request.post(`${readBase}/api/v1/posts`, { data: { board: kept.slug, title: 'Junk' }, headers }),
      await stranger.request.put(`${readBase}/api/v1/posts/${onKept.number}/vote`, { headers }),
    ];
    expect(refused.map((r) => r.status())).toEqual([401, 401]);
    expect(await read(kept.slug)).toEqual({ copy: true, count: 0 });

    // A vote on one board's post, with both boards' pages kept:
    await untilKept(voted.slug);
    await untilKept(kept.slug);
    const vote = await member.put(`${writeBase}/api/v1/posts/${onVoted.number}/vote`, { headers });
    expect(vote.status(), await vote.text()).toBe(200);
    const votedAt = Date.now();
    // Its own board's page shows it within a second…
    await expect.poll(async () => (await read(voted.slug)).count, { timeout: 5_000, intervals: [50] }).toBe(1);
    expect(Date.now() - votedAt).toBeLessThan(1_000);
    // …and the other board's page is still the copy from before the vote.
    expect(await read(kept.slug)).toEqual({ copy: true, count: 0 });
  } finally {
    await visitor.close();
    await stranger.close();
  }
}
