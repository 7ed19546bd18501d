/**
 * The voters dialog as the server would draw it on opening (no request has answered yet): its
 * title and count, the CSV download for the team only, and the loading announcement. What it
 * does with pages, focus and errors needs a browser (the post page's e2e spec).
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider, type AbstractIntlMessages } from 'use-intl';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/i18n/locales';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import { VotersDialog, VotersDialogButton, votersCsvPath, type VotersDialogProps } from './VotersDialog';

/** Rendered as a page renders it: in a language, with the team's words for a team member. */
const inLocale = (node: ReactNode, locale: Locale = 'en', team = true) =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={pageMessagesOf(locale, { team }) as unknown as AbstractIntlMessages} timeZone="UTC">
      {node}
    </IntlProvider>,
  );

const draw = (props: Partial<VotersDialogProps> = {}, locale: Locale = 'en') =>
  inLocale(
    <VotersDialog postNumber={7} voteCount={3} isTeam={false} open onOpenChange={() => undefined} {...props} />,
    locale,
    props.isTeam,
  );

describe('VotersDialog', () => {
  it('is a labelled, described modal dialog titled with the vote count, announcing that it loads', () => {
    const html = draw({ voteCount: 1234 });
    expect(html).toMatch(/role="dialog"/);
    const title = /<h2 id="([^"]+)"[^>]*data-testid="voters-dialog-title"[^>]*>Voters \(1234\)<\/h2>/.exec(html);
    expect(title).not.toBeNull();
    expect(html).toContain('Everyone who voted for this post, newest first.');
    expect(html).toMatch(/<p role="status"[^>]*>Loading voters…<\/p>/);
    expect(html).toContain('data-testid="voters-dialog-close"');
  });

  it('offers the CSV download to the team only, as a same-origin download link', () => {
    expect(draw({ isTeam: false })).not.toContain('voters-csv');
    const team = draw({ isTeam: true, postNumber: 42 });
    expect(team).toMatch(/<a href="\/api\/v1\/posts\/42\/votes\.csv" download=""[^>]*data-testid="voters-csv"[^>]*>Download CSV<\/a>/);
    expect(votersCsvPath(42)).toBe('/api/v1/posts/42/votes.csv');
    // canExport overrides the default (the team).
    expect(draw({ isTeam: true, canExport: false })).not.toContain('voters-csv');
  });

  it('draws nothing while closed; the button variant draws only its button', () => {
    expect(draw({ open: false })).toBe('');
    const button = inLocale(<VotersDialogButton postNumber={7} voteCount={3} isTeam />);
    expect(button).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*data-testid="voters-open"[^>]*>See all voters<\/button>/);
    expect(button).not.toContain('role="dialog"');
  });

  it('speaks the page’s language, the team’s words included (the count stays as given)', () => {
    const de = draw({ voteCount: 12, isTeam: true }, 'de');
    expect(de).toMatch(/data-testid="voters-dialog-title"[^>]*>Unterstützer \(12\)<\/h2>/);
    expect(de).toContain('Unterstützer werden geladen…');
    expect(de).toMatch(/data-testid="voters-csv"[^>]*>CSV herunterladen<\/a>/);
    const ar = draw({ voteCount: 12 }, 'ar');
    expect(ar).toMatch(/data-testid="voters-dialog-title"[^>]*>المصوّتون \(12\)<\/h2>/);
    expect(ar).not.toContain('Voters');
  });
});
