import Head from 'next/head';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { EmptyState } from '@/components/ui/EmptyState';
import { Markdown } from '@/components/ui/Markdown';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFormats } from '@/lib/use-formats';
import { FollowChangelog } from '../client/FollowChangelog';
import { LabelPill, LinkedPostChips } from '../client/EntryParts';
import type { ChangelogLabel, RenderedEntry } from '../schema';

export type ChangelogPageProps = {
  labels: ChangelogLabel[];
  /** The label filter in effect (from the URL), or null for every entry. */
  label: string | null;
  entries: RenderedEntry[];
  nextCursor: string | null;
  /** Whether this is a later page (a "newest" link is then offered). */
  paged: boolean;
  following: boolean;
};

/** `/changelog`: what shipped, newest first, filtered by label, each entry with the posts it shipped. */
export default function ChangelogPage({ shell, labels, label, entries, nextCursor, paged, following }: ShellProps & ChangelogPageProps) {
  const t = useTranslations('portal');
  const formats = useFormats();
  const current = label ?? undefined;
  const labelName = labels.find((l) => l.slug === label)?.name;
  const tab = (active: boolean) =>
    `block rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-accent text-accent-fg' : 'text-muted hover:bg-bg hover:text-fg'}`;
  // The feed is read as a visitor: a workspace that requires sign-in has none (src/composition/feeds).
  const feed = shell.workspace.access === 'public' ? paths.changelogFeed() : null;
  return (
    <div className="mx-auto max-w-3xl">
      {feed ? (
        <Head>
          <link
            rel="alternate"
            type="application/atom+xml"
            title={t('changelog.feedTitle', { workspace: shell.workspace.name })}
            href={feed}
          />
        </Head>
      ) : null}
      <PageHeading title={t('changelog.title')} siteName={shell.workspace.name}>
        {t('changelog.intro')}
        {feed ? (
          // A document, not a screen: a plain link, so the browser (or a feed reader) fetches it.
          <p className="mt-1 text-sm">
            <a href={feed} className="underline" data-testid="changelog-feed-link">
              {t('changelog.feedLink')}
            </a>
          </p>
        ) : null}
      </PageHeading>
      <div className="mb-6">
        <FollowChangelog signedIn={shell.viewer !== null} initial={following} returnTo={paths.changelog()} />
      </div>
      <nav aria-label={t('changelog.filterLabel')} className="mb-6">
        <ul className="flex flex-wrap gap-1">
          <li>
            <Link href={paths.changelog()} aria-current={label === null ? 'page' : undefined} className={tab(label === null)}>
              {t('changelog.all')}
            </Link>
          </li>
          {labels.map((l) => (
            <li key={l.slug}>
              <Link
                href={paths.changelog({ label: l.slug })}
                aria-current={label === l.slug ? 'page' : undefined}
                className={tab(label === l.slug)}
                data-testid={`label-filter-${l.slug}`}
              >
                <bdi>{l.name}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {entries.length === 0 ? (
        <EmptyState
          title={labelName ? t('changelog.empty.labelTitle', { label: labelName }) : t('changelog.empty.title')}
          testId="changelog-empty"
        >
          {labelName ? (
            <Link href={paths.changelog()} className="underline">
              {t('changelog.empty.seeAll')}
            </Link>
          ) : (
            t('changelog.empty.body')
          )}
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-8" aria-label={t('changelog.entries')}>
          {entries.map((e) => (
            <li key={e.slug}>
              <article
                aria-labelledby={`entry-${e.slug}`}
                className="rounded-xl border border-border bg-surface p-5"
                data-testid="changelog-entry"
              >
                <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
                  <LabelPill label={e.label} />
                  <time dateTime={e.publishedAt}>{formats.date(e.publishedAt)}</time>
                </div>
                <h2 id={`entry-${e.slug}`} className="mt-2 text-xl font-semibold break-words" dir="auto">
                  <Link href={paths.changelogEntry(e.slug)} className="hover:underline">
                    {e.title}
                  </Link>
                </h2>
                {e.bodyDoc.length ? <Markdown doc={e.bodyDoc} className="mt-3 break-words" /> : null}
                <LinkedPostChips posts={e.posts} />
              </article>
            </li>
          ))}
        </ol>
      )}

      {paged || nextCursor ? (
        <nav aria-label={t('changelog.pages')} className="mt-6 flex justify-between gap-4 text-sm">
          {paged ? (
            <Link href={paths.changelog({ label: current })} className="underline">
              {t('changelog.newest')}
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Link href={paths.changelog({ label: current, cursor: nextCursor })} className="underline" data-testid="changelog-next">
              {t('changelog.older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
