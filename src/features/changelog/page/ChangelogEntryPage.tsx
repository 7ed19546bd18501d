import Head from 'next/head';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { Markdown } from '@/components/ui/Markdown';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFormats } from '@/lib/use-formats';
import { FollowChangelog } from '../client/FollowChangelog';
import { LabelPill, LinkedPostChips } from '../client/EntryParts';
import type { RenderedEntry } from '../schema';

export type ChangelogEntryPageProps = { entry: RenderedEntry; canonicalUrl: string; following: boolean };

/** `/changelog/[slug]`: one entry, at its own canonical URL, with open-graph title and description. */
export default function ChangelogEntryPage({ shell, entry, canonicalUrl, following }: ShellProps & ChangelogEntryPageProps) {
  const t = useTranslations('portal');
  const formats = useFormats();
  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="entry-title" data-testid="changelog-entry-page">
      <Head>
        <title>{t('changelog.entryTitle', { title: entry.title, workspace: shell.workspace.name })}</title>
        <link rel="canonical" href={canonicalUrl} />
        <meta property="og:type" content="article" />
        <meta property="og:title" content={entry.title} />
        <meta
          property="og:description"
          content={entry.excerpt || t('changelog.ogDescription', { label: entry.label.name, workspace: shell.workspace.name })}
        />
        <meta property="og:url" content={canonicalUrl} />
        <meta name="description" key="description" content={entry.excerpt || entry.title} />
      </Head>
      <p className="mb-4 text-sm">
        <Link href={paths.changelog()} className="underline">
          {t('changelog.title')}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <LabelPill label={entry.label} />
        <time dateTime={entry.publishedAt}>{formats.date(entry.publishedAt)}</time>
      </div>
      <h1 id="entry-title" className="mt-2 text-2xl font-semibold break-words sm:text-3xl" dir="auto">
        {entry.title}
      </h1>
      {entry.bodyDoc.length ? <Markdown doc={entry.bodyDoc} className="mt-4 break-words" /> : null}
      {entry.posts.length ? (
        <section aria-labelledby="shipped-heading" className="mt-6">
          <h2 id="shipped-heading" className="text-base font-semibold">
            {t('changelog.shipped')}
          </h2>
          <LinkedPostChips posts={entry.posts} />
        </section>
      ) : null}
      <div className="mt-8 border-t border-border pt-4">
        <FollowChangelog signedIn={shell.viewer !== null} initial={following} returnTo={paths.changelogEntry(entry.slug)} />
      </div>
    </article>
  );
}
