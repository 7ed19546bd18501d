import type { ReactNode } from 'react';
import { PageHeading } from '@/components/ui/PageHeading';
import type { ShellProps } from '@/core/shell';
import { CONSENT_STORAGE_KEY } from '../consent';
import { ConsentControl } from '../client/ConsentControl';
import { FlagsInEffect } from '../client/FlagsInEffect';

const SECTIONS = [
  { id: 'analytics', title: 'Usage analytics' },
  { id: 'consent', title: 'Your choice' },
  { id: 'do-not-track', title: 'Do Not Track and Global Privacy Control' },
  { id: 'your-data', title: 'What is stored in your browser' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `/privacy`: what is collected, the visitor's consent choice, and what their browser stores. */
export default function PrivacyPage({ shell }: ShellProps) {
  const analytics = shell.analytics;
  const host = analytics ? new URL(analytics.host).host : null;
  return (
    <>
      <PageHeading title="Privacy" siteName={shell.workspace.name}>
        What {shell.workspace.name} collects about your visit, and your choices.
      </PageHeading>

      <nav aria-label="On this page" className="mb-8 rounded-xl border border-border bg-surface px-5 py-4">
        <h2 className="text-sm font-semibold">On this page</h2>
        <ul className="mt-2 space-y-1 text-sm">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              {/* Plain anchors: an in-page jump, not a navigation. */}
              <a href={`#${s.id}`} className="text-accent underline">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="max-w-3xl space-y-10 leading-relaxed">
        <Section id="analytics">
          {analytics ? (
            <p>
              This site can send usage analytics to a PostHog-compatible service at <code>{host}</code>, chosen by the team that runs it. It
              collects nothing until you allow it, and nothing at all if your browser sends Do Not Track or Global Privacy Control.
            </p>
          ) : (
            <p data-testid="analytics-off">
              Usage analytics is <strong>off</strong> on this site: no analytics code is loaded and nothing about your visit is sent
              anywhere else.
            </p>
          )}
          <p>When analytics is on and you have allowed it, these are collected:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>the pages you open (their address, with the tokens of emailed links and search terms masked);</li>
            <li>a random anonymous identifier for your browser, never your email address or your name;</li>
            <li>your browser, operating system, screen size and approximate location derived by the service;</li>
            <li>
              recordings of how pages are used (clicks, scrolling, page changes). Every form field is masked: what you type is never
              recorded.
            </li>
          </ul>
          <p>
            There is no automatic capture of clicks or page text, no advertising, and the data is not sold. The team uses it to see which
            features are used and where pages are hard to use.
          </p>
          <h3 className="pt-2 text-base font-semibold">Feature flags in effect</h3>
          <p>
            Some features can be switched on or off for a share of visitors to try them out. Without analytics the defaults below apply;
            with analytics allowed, the analytics service may decide instead.
          </p>
          <FlagsInEffect />
        </Section>

        <Section id="consent">
          <p>
            You can change your mind at any time. Withdrawing stops collection at once and deletes the analytics identifier stored in your
            browser.
          </p>
          <ConsentControl configured={analytics !== null} />
        </Section>

        <Section id="do-not-track">
          <p>
            If your browser sends <strong>Do Not Track</strong> or <strong>Global Privacy Control</strong>, this site treats it as a
            refusal: nothing is collected, nothing is recorded, and you are not asked for consent. This holds even if you allowed analytics
            earlier.
          </p>
        </Section>

        <Section id="your-data">
          <ul className="list-disc space-y-1 pl-6">
            <li>
              <code>{CONSENT_STORAGE_KEY}</code> (local storage): your analytics choice, so that you are asked only once.
            </li>
            <li>
              <code>chorus.theme</code> (local storage): your light or dark theme, if you chose one.
            </li>
            <li>When you sign in, a session cookie that keeps you signed in. It is used for nothing else.</li>
            <li>
              Only after you allow analytics: an anonymous identifier, your consent and the current session, kept by the analytics library
              in a cookie and in local and session storage, under names that start with <code>ph_</code> or <code>__ph_</code>. They are
              deleted when you withdraw your consent.
            </li>
          </ul>
          <p>
            Data already sent to the analytics service is kept by the team that runs this site. Ask them to delete it; it is linked only to
            the anonymous identifier, or, once you sign in, to your account’s internal number.
          </p>
        </Section>
      </div>
    </>
  );
}
