import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { ApiKeysManager } from '../client/ApiKeysManager';
import type { ApiKey } from '../schema';

export type ApiKeysPageProps = { apiKeys: ApiKey[] };

/** `/admin/api-keys`: keys for programs that use the API. */
export default function ApiKeysPage({ shell, apiKeys }: ShellProps & ApiKeysPageProps) {
  const t = useTranslations('teamAdmin');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('apiKeys.title')} siteName={shell.workspace.name}>
        {t.rich('apiKeys.intro', {
          code: (chunks) => <code>{chunks}</code>,
          link: (chunks) => (
            <Link href={paths.docsApi()} className="underline">
              {chunks}
            </Link>
          ),
        })}
      </PageHeading>
      <ApiKeysManager initial={apiKeys} />
    </>
  );
}
