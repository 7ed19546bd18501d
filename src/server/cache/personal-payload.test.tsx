import fc from 'fast-check';
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
import { avatarLook } from '@/lib/avatar-look';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import type { AbstractIntlMessages } from 'use-intl';
import { PERSONAL_ID } from '@/lib/personal';
import { viewerOf } from '@/server/page/with-shell';
import { audienceActor, voteButtonsOf, type Audience } from './shared-render';
import { PERSONAL_APPLIED_ID, PERSONAL_SCRIPT, fillableOf, fillsOf, payloadOf } from './personal-payload';

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

/** A page's markup as React draws it on the server: the header's account menu, avatars and vote buttons. */
function markup(viewer: Viewer, voted: ReadonlySet<number>, locale: 'en' | 'ja' | 'ar' = 'en'): string {
  return renderToString(
    <IntlProvider locale={locale} messages={pageMessagesOf(locale, { team: true }) as unknown as AbstractIntlMessages} timeZone="UTC">
      <RouterContext.Provider value={router}>
        <header>
          <AccountMenu viewer={viewer} />
        </header>
        <main>
          <Avatar name="Ann Other" size={20} />
          {POSTS.map((p) => (
            // Every size a page draws: lists (PostCard), roadmap cards, the post page.
            <VoteButton
              key={p.id}
              postNumber={p.number}
              postTitle={p.title}
              voted={voted.has(p.number)}
              voteCount={p.voteCount}
              signedIn
              size={SIZES[p.number % SIZES.length]}
            />
          ))}
        </main>
      </RouterContext.Provider>
    </IntlProvider>,
  );
}

const audienceOfViewer = (v: Viewer, locale: Audience['locale'] = 'en'): Audience => ({
  role: v.role,
  emailVerified: v.emailVerified,
  hasAvatar: v.avatarUrl !== null,
  locale,
});

/** What the payload's script may change, blanked: the slots' contents and attributes, and pressed buttons. */
const SLOT_TEXT = /(data-personal="(?:name|email|menuFor)"[^>]*>)([^<]*)</g;
// React also hints the browser to fetch an img's picture early (a preload link): the copy's has none to hint.
const blankSlots = (html: string) =>
  html
    .replace(/<link rel="preload" as="image" href="[^"]*"\/>/g, '')
    .replace(SLOT_TEXT, '$1SLOT<')
    .replace(/<img src="[^"]*"([^>]*data-personal="avatar")/g, '<img$1')
    .replace(/data-initials="[^"]*"([^>]*)style="[^"]*"([^>]*data-personal="avatar")/g, 'data-initials="" $1style=""$2')
    .replaceAll('aria-pressed="true"', 'aria-pressed="false"');

/** Text of a slot as React escapes it. */
const asReactText = (s: string) => renderToString(<>{s}</>);

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

describe('a shared render and its personal payload', () => {
  it('differ from the person’s own render only where the payload’s script writes, and hold what it writes there', () => {
    fc.assert(
      fc.property(person, votes, fc.constantFrom('en' as const, 'ja' as const, 'ar' as const), (viewer, voted, locale) => {
        const nobody = viewerOf(audienceActor(audienceOfViewer(viewer, locale)))!;
        const copy = markup(nobody, new Set(), locale);
        const own = markup(viewer, voted, locale);
        // Nothing of anyone is in the copy.
        expect(copy).not.toContain(nobody.id);
        // Blank what the script writes, and the two are the same markup.
        expect(blankSlots(copy)).toBe(blankSlots(own));
        // The person's own render holds, in each slot, what the payload gives the script.
        const payload = payloadOf(viewer, locale, [...voted]);
        const slots = Object.fromEntries(Array.from(own.matchAll(SLOT_TEXT), (m) => [/data-personal="(\w+)"/.exec(m[1]!)![1], m[2]]));
        expect(slots).toEqual({
          name: asReactText(payload.text.name),
          email: asReactText(payload.text.email),
          menuFor: asReactText(payload.text.menuFor),
        });
        if (viewer.avatarUrl) {
          expect(own).toContain(`<img src="${asReactText(viewer.avatarUrl).replaceAll('"', '&quot;')}"`);
          expect(copy).toMatch(/<img alt="" width="24" height="24" class="[^"]*" data-personal="avatar"\/>/);
        } else {
          const look = avatarLook(viewer.displayName);
          expect(payload.look).toEqual(look);
          expect(own).toContain(`data-initials="${asReactText(look.initials).replaceAll('"', '&quot;')}"`);
        }
        // And each of the person's votes is a button the copy has, unpressed.
        for (const n of voted) expect(copy).toContain(`aria-pressed="false" data-vote-post="${n}"`);
        expect(voteButtonsOf(copy).sort((a, b) => a - b)).toEqual([1, 2, 3, 40]);
      }),
      { numRuns: 200 },
    );
  });

  it('is added before the page data, with the response’s nonce, as inert JSON whatever the name holds', () => {
    const viewer: Viewer = {
      id: '6f1c0a52-55a4-4a55-8d25-0a7d1f6b8a11',
      displayName: 'Ada </script><script>alert(1)</script> \u2028 &amp;',
      email: 'ada@example.test',
      avatarUrl: null,
      role: 'member',
      emailVerified: true,
    };
    const data = `<script id="__NEXT_DATA__" type="application/json" nonce="copyNonce1">{"props":{}}</script>`;
    const copy = `<!DOCTYPE html><html><head><script nonce="copyNonce1">theme()</script></head><body><div id="__next"><p>Page</p></div>${data}</body></html>`;
    const page = fillableOf(copy, 'copyNonce1');
    const html = page.body.join(fillsOf(page, payloadOf(viewer, 'en', [3]), 'respNonce2')).toString();
    expect(html).not.toContain('copyNonce1');
    const [before, after] = html.split('<script id="__NEXT_DATA__"');
    expect(after).toBe(data.replace('<script id="__NEXT_DATA__"', '').replace('copyNonce1', 'respNonce2') + '</body></html>');
    expect(before).toContain(`<script nonce="respNonce2">${PERSONAL_SCRIPT}</script><template id="${PERSONAL_APPLIED_ID}"></template>`);
    // Nothing is drawn before the payload has been applied: the head holds rendering back until that mark.
    expect(html).toContain(`<link rel="expect" href="#${PERSONAL_APPLIED_ID}" blocking="render"></head>`);
    const json = new RegExp(`<script id="${PERSONAL_ID}" type="application/json">(.*?)</script>`).exec(before ?? '')![1]!;
    // The name closes no script: every < > & is escaped, and the JSON reads back as the name.
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toMatchObject({
      viewer,
      voted: [3],
      text: { name: viewer.displayName, menuFor: `Account menu for ${viewer.displayName}` },
    });
  });

  it('formats the payload’s texts in the page’s language', () => {
    const viewer: Viewer = { id: 'x', displayName: 'Yuki', email: 'y@example.test', avatarUrl: null, role: 'member', emailVerified: true };
    expect(payloadOf(viewer, 'ja', []).text.menuFor).toBe('Yuki のアカウントメニュー');
    expect(payloadOf(viewer, 'de', []).text.menuFor).toBe('Kontomenü von Yuki');
  });
});
