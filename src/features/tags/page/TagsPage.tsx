import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { TagsManager } from '../client/TagsManager';
import type { Tag } from '../schema';

export type TagsPageProps = { tags: Tag[] };

/** `/admin/tags`: the tags the team puts on posts (at most 10 per post). */
export default function TagsPage({ shell, tags }: ShellProps & TagsPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Tags" siteName={shell.workspace.name}>
        The team labels posts with tags, at most 10 per post; people can filter a board by tag.
      </PageHeading>
      <TagsManager initial={tags} />
    </>
  );
}
