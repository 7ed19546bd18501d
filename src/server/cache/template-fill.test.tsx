import fc from 'fast-check';
import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { IntlProvider } from 'use-intl';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '@/core/identity/viewer';
import { ROLES } from '@/core/identity/roles';
import { AccountMenu } from '@/features/accounts/client/AccountMenu';
import { VoteButton } from '@/features/votes/client/VoteButton';
import { Avatar } from '@/components/ui/Avatar';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import type { AbstractIntlMessages } from 'use-intl';
import { placeholderActor, placeholderLook, placeholders, type Audience } from './shared-render';
import { authorIdsOf, escapeLikeReact, fillTemplate, pageDataOf, votablePostNumbers } from './template-fill';

const router = {
  route: '/b/[board]',
  pathname: '/b/[board]',
  asPath: '/b/ideas',
  basePath: '',
  query: {},
  isReady: true,
  isFallback: false,
  isPreview: false,
  isLocaleDomain: false,
  events: { on: () => undefined, off: () => undefined, emit: () => undefined },
  push: async () => true,
  replace: async () => true,
  reload: () => undefined,
  back: () => undefined,
  forward: () => undefined,
  prefetch: async () => undefined,
  beforePopState: () => undefined,
} as unknown as NextRouter;

const SIZES = ['list', 'sm', 'md'] as const;
const POSTS = [1, 2, 3, 40].map((n) => ({ id: `post-${n}`, number: n, title: `Post ${n} <b>"&'</b>`, voteCount: n * 3 }));

/** A page as Next.js writes it: markup from React, then the page data as JSON in a script. */
function page(viewer: Viewer, voted: ReadonlySet<number>, nonce: string, extra?: (v: Viewer) => string): string {
  const posts = POSTS.map((p) => ({ ...p, voted: voted.has(p.number), author: { id: 'someone-else', displayName: 'Ann' } }));
  const markup = renderToString(
    <IntlProvider locale="en" messages={pageMessagesOf('en', { team: true }) as unknown as AbstractIntlMessages} timeZone="UTC">
      <RouterContext.Provider value={router}>
        <header>
          <AccountMenu viewer={viewer} />
          <p>{extra?.(viewer)}</p>
        </header>
        <main>
          <Avatar name="Ann Other" size={20} />
          {posts.map((p) => (
            // Every size a page draws: lists (PostCard), roadmap cards, the post page.
            <VoteButton
              key={p.id}
              postNumber={p.number}
              postTitle={p.title}
              voted={p.voted}
              voteCount={p.voteCount}
              signedIn
              size={SIZES[p.number % SIZES.length]}
            />
          ))}
        </main>
      </RouterContext.Provider>
    </IntlProvider>,
  );
  const data = { props: { pageProps: { posts, title: 'a </script> & <b>', shell: { workspace: { name: 'W' }, viewer } }, __N_SSP: true } };
  return (
    `<!DOCTYPE html><html><head><script nonce="${nonce}">theme()</script></head><body><div id="__next">${markup}</div>` +
    `<script id="__NEXT_DATA__" type="application/json" nonce="${nonce}">${htmlEscapeJsonString(JSON.stringify(data))}</script></body></html>`
  );
}

/** The viewer a page of this person receives (server/page/with-shell.ts viewerOf, same key order). */
const viewerOfPerson = (p: Omit<Viewer, 'avatarLook'>): Viewer => ({
  id: p.id,
  displayName: p.displayName,
  email: p.email,
  avatarUrl: p.avatarUrl,
  role: p.role,
  emailVerified: p.emailVerified,
});

function placeholderViewer(audience: Audience): Viewer {
  const a = placeholderActor(audience);
  return { ...viewerOfPerson(a), avatarLook: placeholderLook() };
}

const audienceOfViewer = (v: Viewer): Audience => ({
  role: v.role,
  emailVerified: v.emailVerified,
  hasAvatar: v.avatarUrl !== null,
  locale: 'en',
});

const person = fc.record({
  id: fc.uuid(),
  displayName: fc.string({
    minLength: 1,
    maxLength: 50,
    unit: fc.constantFrom('a', 'Z', ' ', '<', '>', '&', '"', "'", 'é', '😀', '\u2028', '/', '\\'),
  }),
  email: fc.emailAddress(),
  avatarUrl: fc.option(fc.webUrl({ withQueryParameters: true, withFragments: true }), { nil: null }),
  role: fc.constantFrom(...ROLES),
  emailVerified: fc.boolean(),
});
const votes = fc.subarray(POSTS.map((p) => p.number)).map((n) => new Set(n));

describe('filling a shared render', () => {
  it('gives byte for byte the page rendered for the person (React markup and Next.js page data)', () => {
    fc.assert(
      fc.property(person, votes, (p, voted) => {
        const viewer = viewerOfPerson(p);
        const template = { body: page(placeholderViewer(audienceOfViewer(viewer)), new Set(), 'tplNonce111'), nonce: 'tplNonce111' };
        const filled = fillTemplate(template, placeholders(), { viewer, voted }, 'respNonce22');
        expect(filled).toBe(page(viewer, voted, 'respNonce22'));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a page where something was derived from the placeholder person (rendered in full instead)', () => {
    const viewer = viewerOfPerson({
      id: '6f1c0a52-55a4-4a55-8d25-0a7d1f6b8a11',
      displayName: 'Ada',
      email: 'ada@example.test',
      avatarUrl: null,
      role: 'member',
      emailVerified: true,
    });
    const shout = (v: Viewer) => v.displayName.toUpperCase();
    const template = { body: page(placeholderViewer(audienceOfViewer(viewer)), new Set(), 'n1', shout), nonce: 'n1' };
    expect(fillTemplate(template, placeholders(), { viewer, voted: new Set() }, 'n2')).toBeNull();
    // Without the derivation the same page fills.
    const plain = { body: page(placeholderViewer(audienceOfViewer(viewer)), new Set(), 'n1'), nonce: 'n1' };
    expect(fillTemplate(plain, placeholders(), { viewer, voted: new Set() }, 'n2')).toBe(page(viewer, new Set(), 'n2'));
  });

  it('reads which posts show a vote, and who wrote what, from the page data', () => {
    const viewer = placeholderViewer({ role: 'member', emailVerified: true, hasAvatar: false, locale: 'en' });
    const data = pageDataOf(page(viewer, new Set(), 'n'));
    expect(votablePostNumbers(data).sort((a, b) => a - b)).toEqual([1, 2, 3, 40]);
    expect([...authorIdsOf(data)]).toEqual(['someone-else']);
    expect(pageDataOf('<html>no data</html>')).toBeNull();
  });

  it('escapes as React does', () => {
    expect(escapeLikeReact(`<a href="x">O'Brien & co</a>`)).toBe(renderToString(<>{`<a href="x">O'Brien & co</a>`}</>));
  });
});
