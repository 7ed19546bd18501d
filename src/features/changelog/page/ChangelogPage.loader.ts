import { withShell } from '@/server/page/with-shell';
import { CHANGELOG_PAGE_SIZE } from '../schema';
import { entryCursor, isFollowingChangelog, listChangelogLabels, listPublishedEntries } from '../server/service';
import { renderMarkdown } from '@/server/markdown/render';
import type { ChangelogPageProps } from './ChangelogPage';

const text = (v: string | string[] | undefined, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** `/changelog`: published entries, newest first; `?label=` filters, `?cursor=` pages (a stale cursor shows the first page). */
export const getServerSideProps = withShell<ChangelogPageProps>(async (ctx, { actor }) => {
  const labels = await listChangelogLabels();
  const label = labels.find((l) => l.slug === text(ctx.query.label, 40))?.slug;
  const rawCursor = text(ctx.query.cursor, 400);
  const cursor = rawCursor && entryCursor.decode(rawCursor) ? rawCursor : undefined;
  const page = await listPublishedEntries(actor, { label, cursor, limit: CHANGELOG_PAGE_SIZE });
  return {
    props: {
      labels,
      label: label ?? null,
      entries: page.items.map((e) => ({ ...e, body: '', bodyDoc: renderMarkdown(e.body) })),
      nextCursor: page.nextCursor,
      paged: Boolean(cursor),
      following: await isFollowingChangelog(actor),
    },
  };
});
