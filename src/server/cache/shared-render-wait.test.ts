import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordVoteChange, recordWholeChange } from './changes';

// Copies are kept as on the embedded database (no database is open here, which would keep none).
vi.mock('./visitor-cache', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./visitor-cache')>()),
  visitorCacheMaxAgeMs: () => 30_000,
  keepsSharedCopies: () => true,
}));
import {
  noteVoter,
  sharedPage,
  sharedPageKey,
  VOTES_BEHIND_MS,
  WAIT_FOR_OTHER_RENDER_MS,
  withinDeadline,
  type Audience,
  type SharedPage,
} from './shared-render';

/** The HTML a shared render holds, nonces left out. */
const textOf = (page: SharedPage | null | undefined) => (page ? Buffer.concat(page.render.body.parts).toString() : undefined);

/** A GET request for `url` and its response, on a socket that is not connected. */
function exchange(url: string) {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = url;
  return { req, res: new ServerResponse(req) };
}

/** Answers as the framework would with a page. */
function answerHtml(res: ServerResponse, html: string) {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.statusCode = 200;
  res.end(html);
}

describe('withinDeadline: a request waiting for another request’s render never waits without end', () => {
  it('gives the render when it comes in time', async () => {
    await expect(withinDeadline(new Promise<string | null>((resolve) => setTimeout(() => resolve('page'), 5)), 1_000)).resolves.toBe(
      'page',
    );
  });

  it('gives null (render your own) when the other render never ends', async () => {
    const t0 = Date.now();
    await expect(withinDeadline(new Promise<string | null>(() => undefined), 50)).resolves.toBeNull();
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});

describe('requests that wait for a shared render', () => {
  const audience: Audience = { role: 'member', emailVerified: true, hasAvatar: false, locale: 'en' };

  /** Makes the page's shared render (rendered when `finish` is called), and has a second request wait for it. */
  async function renderWithAWaiter(url: string, meanwhile: () => void) {
    const key = sharedPageKey(audience, url);
    let finish = () => undefined as void;
    const maker = exchange(url);
    const making = sharedPage(key, audience, maker.req, maker.res, 'nonce1', () => {
      finish = () => {
        answerHtml(maker.res, '<html><body><button aria-pressed="false" data-vote-post="7"></button></body></html>');
      };
    });
    const waiter = exchange(url);
    const waiting = sharedPage(key, audience, waiter.req, waiter.res, 'nonce2', () => {
      throw new Error('the waiter renders nothing while another request renders the page');
    });
    meanwhile();
    finish();
    return { made: await making, waited: await waiting };
  }

  it('get it when only a vote it shows came meanwhile', async () => {
    const { made, waited } = await renderWithAWaiter('/b/waiting-votes', () => recordVoteChange({ post: 7, board: 'waiting-votes' }));
    expect(made.own?.status).toBe(200);
    expect(waited.page?.votable).toEqual([7]);
  });

  it('render their own after any other change', async () => {
    const { waited } = await renderWithAWaiter('/b/waiting-whole', () => recordWholeChange());
    expect(waited.page).toBeNull();
  });
});

describe('a render that will never end holds nobody up for long', () => {
  const audience: Audience = { role: 'admin', emailVerified: true, hasAvatar: false, locale: 'en' };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a request whose connection closed on its way is not rendered, and the next one makes the page', { timeout: 2_000 }, async () => {
    const url = '/b/closed-on-the-way';
    const key = sharedPageKey(audience, url);
    const gone = exchange(url);
    gone.req.socket.destroy();
    let renderedGone = false;
    const t0 = Date.now();
    const first = await sharedPage(key, audience, gone.req, gone.res, 'n1', () => {
      renderedGone = true;
    });
    expect(first).toEqual({ page: null, own: { status: 0, body: '' } });
    expect(renderedGone).toBe(false);

    const next = exchange(url);
    let renderedNext = false;
    const second = sharedPage(key, audience, next.req, next.res, 'n2', () => {
      renderedNext = true;
      answerHtml(next.res, '<html><body></body></html>');
    });
    expect((await second).own?.status).toBe(200);
    expect(renderedNext).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it('once a render has taken as long as a wait may, the next request makes its own', async () => {
    vi.useFakeTimers();
    const url = '/b/never-ends';
    const key = sharedPageKey(audience, url);
    const stuck = exchange(url);
    void sharedPage(key, audience, stuck.req, stuck.res, 'n1', () => undefined);

    const waiter = exchange(url);
    const waiting = sharedPage(key, audience, waiter.req, waiter.res, 'n2', () => {
      throw new Error('a waiter renders nothing');
    });
    await vi.advanceTimersByTimeAsync(WAIT_FOR_OTHER_RENDER_MS);
    expect(await waiting).toEqual({ page: null });

    const later = exchange(url);
    let renderedLater = false;
    const after = sharedPage(key, audience, later.req, later.res, 'n3', () => {
      renderedLater = true;
      answerHtml(later.res, '<html><body></body></html>');
    });
    expect(renderedLater).toBe(true);
    expect((await after).own?.status).toBe(200);
  });
});

describe('while a page is made again after votes', () => {
  const audience: Audience = { role: 'member', emailVerified: false, hasAvatar: false, locale: 'en' };
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts a render of `url` that ends when `finish(html)` is called. */
  function startRender(url: string) {
    const maker = exchange(url);
    let finish = (html: string) => void html;
    const making = sharedPage(sharedPageKey(audience, url), audience, maker.req, maker.res, 'n', () => {
      finish = (html) => {
        answerHtml(maker.res, html);
      };
    });
    return { making, finish: (html: string) => finish(html) };
  }
  const ask = (url: string, reader?: string) => {
    const { req, res } = exchange(url);
    return sharedPage(
      sharedPageKey(audience, url),
      audience,
      req,
      res,
      'n',
      () => {
        throw new Error('only the maker renders');
      },
      reader,
    );
  };

  it('others get the previous render at once, for up to VOTES_BEHIND_MS; the voter waits for one that shows their vote', async () => {
    vi.useFakeTimers();
    const url = '/b/votes-behind';
    const first = startRender(url);
    first.finish('<html><body>1 vote</body></html>');
    expect(textOf((await first.making).page)).toContain('1 vote');

    await vi.advanceTimersByTimeAsync(10);
    noteVoter('voter');
    recordVoteChange({ post: 3, board: 'votes-behind' });
    await vi.advanceTimersByTimeAsync(10);
    const second = startRender(url);
    // Someone else: the render of a moment ago, without waiting.
    expect(textOf((await ask(url, 'someone')).page)).toContain('1 vote');
    // The voter: the new render, which started after their vote.
    const theirs = ask(url, 'voter');
    second.finish('<html><body>2 votes</body></html>');
    expect(textOf((await theirs).page)).toContain('2 votes');
    await second.making;

    // Past VOTES_BEHIND_MS, nobody gets a render that far behind: they wait for the next one.
    recordVoteChange({ post: 3, board: 'votes-behind' });
    await vi.advanceTimersByTimeAsync(VOTES_BEHIND_MS);
    const third = startRender(url);
    const later = ask(url, 'someone');
    third.finish('<html><body>3 votes</body></html>');
    expect(textOf((await later).page)).toContain('3 votes');
  });

  it('after any other change, nobody gets the previous render', async () => {
    const url = '/b/whole-behind';
    const first = startRender(url);
    first.finish('<html><body>before</body></html>');
    await first.making;
    recordWholeChange();
    const second = startRender(url);
    const waiting = ask(url, 'someone');
    second.finish('<html><body>after</body></html>');
    expect(textOf((await waiting).page)).toContain('after');
  });
});
