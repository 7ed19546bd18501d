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
    /** A board page as a visitor reads it: whether it was a kept copy, and the vote count it shows. */
    const read = async (url: string) => {
      const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
      expect(res?.status()).toBe(200);
      const count = Number(await page.getByTestId('vote-count').first().textContent());
      return { copy: res?.headers()['x-chorus-copy'] === 'page', count };
    };
    // Each address is a copy of its own (the query is part of it; the board page ignores `look`):
    // a new one is rendered now, so its copy is young however long earlier steps took.
    let looks = 0;
    const fresh = (slug: string) => `${readBase}/b/${slug}?look=${++looks}`;
    const keptCopy = async (slug: string): Promise<string> => {
      const url = fresh(slug);
      await read(url);
      await expect.poll(async () => (await read(url)).copy, { timeout: 10_000, intervals: [100] }).toBe(true);
      return url;
    };

    /**
     * A young copy of the board's page, made after a second in which no change came: a copy made a
     * second earlier (of another address) is still kept. The server's own background work is a
     * change too (the trending refresh, a minute after start and every ten minutes), and would clear
     * copies whatever this proof did.
     */
    const quietCopy = async (slug: string): Promise<string> => {
      let url = '';
      await expect
        .poll(
          async () => {
            const sentinel = await keptCopy(slug);
            await page.waitForTimeout(1000);
            url = await keptCopy(slug);
            return (await read(sentinel)).copy;
          },
          { timeout: 30_000, intervals: [100] },
        )
        .toBe(true);
      return url;
    };
    // Someone with no account posts and votes: refused (401), and every copy stays.
    const quietPage = await quietCopy(kept.slug);
    const refused = [
      await stranger.request.post(`${readBase}/api/v1/posts`, { data: { board: kept.slug, title: 'Junk' }, headers }),
      await stranger.request.put(`${readBase}/api/v1/posts/${onKept.number}/vote`, { headers }),
    ];
    expect(refused.map((r) => r.status())).toEqual([401, 401]);
    expect(await read(quietPage)).toEqual({ copy: true, count: 0 });

    // A vote on one board's post, with both boards' pages kept: its own board's page shows it to a
    // request made within a second of it (the time a browser takes to draw the page is not the
    // copies' doing)…
    const votedPage = await keptCopy(voted.slug);
    const keptPage = await quietCopy(kept.slug);
    const vote = await member.put(`${writeBase}/api/v1/posts/${onVoted.number}/vote`, { headers });
    expect(vote.status(), await vote.text()).toBe(200);
    const votedAt = Date.now();
    let askedAt = 0;
    await expect
      .poll(
        async () => {
          askedAt = Date.now();
          return (await read(votedPage)).count;
        },
        { timeout: 5_000, intervals: [50] },
      )
      .toBe(1);
    expect(askedAt - votedAt).toBeLessThan(1_000);
    // …and the other board's page is still the copy from before the vote.
    expect(await read(keptPage)).toEqual({ copy: true, count: 0 });
  } finally {
    await visitor.close();
    await stranger.close();
  }
}
