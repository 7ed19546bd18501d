import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { recordVoteChange, recordWholeChange } from './changes';
import { sharedPage, sharedPageKey, withinDeadline, type Audience } from './shared-render';

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
  const exchange = (url: string) => {
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = url;
    return { req, res: new ServerResponse(req) };
  };

  /** Makes the page's shared render (rendered when `finish` is called), and has a second request wait for it. */
  async function renderWithAWaiter(url: string, meanwhile: () => void) {
    const key = sharedPageKey(audience, url);
    let finish = () => undefined as void;
    const maker = exchange(url);
    const making = sharedPage(key, audience, maker.req, maker.res, 'nonce1', () => {
      finish = () => {
        maker.res.setHeader('content-type', 'text/html; charset=utf-8');
        maker.res.statusCode = 200;
        maker.res.end('<html><body><button aria-pressed="false" data-vote-post="7"></button></body></html>');
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
