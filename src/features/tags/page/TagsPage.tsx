import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { TagsManager } from '../client/TagsManager';
import type { Tag } from '../schema';

export type TagsPageProps = { tags: Tag[] };

/** `/admin/tags`: the tags the team puts on posts (at most 10 per post). */
export default function TagsPage({ shell, tags }: ShellProps & TagsPageProps) {
  const t = useTranslations('teamWork.tags');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('title')} siteName={shell.workspace.name}>
        {t('intro')}
      </PageHeading>
      <TagsManager initial={tags} />
    </>
  );
}
