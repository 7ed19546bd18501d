import { notFound, withShell } from '@/server/page/with-shell';
import { AppError } from '@/server/http/errors';
import { renderMarkdown } from '@/server/markdown/render';
import { entryUrl, getPublishedEntry, isFollowingChangelog } from '../server/service';
import type { ChangelogEntryPageProps } from './ChangelogEntryPage';

/** `/changelog/[slug]`: one published entry; a draft or unknown slug is the 404 screen. */
export const getServerSideProps = withShell<ChangelogEntryPageProps>(async (ctx, { actor }) => {
  const slug = typeof ctx.params?.slug === 'string' ? ctx.params.slug.slice(0, 80) : '';
  try {
    const entry = await getPublishedEntry(actor, slug);
    return {
      props: {
        entry: { ...entry, body: '', bodyDoc: renderMarkdown(entry.body) },
        canonicalUrl: entryUrl(entry.slug),
        following: await isFollowingChangelog(actor),
      },
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return { props: notFound };
    throw err;
  }
});
