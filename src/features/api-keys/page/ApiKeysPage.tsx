import Link from 'next/link';
import { paths } from '@/config/paths';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { ApiKeysManager } from '../client/ApiKeysManager';
import type { ApiKey } from '../schema';

export type ApiKeysPageProps = { apiKeys: ApiKey[] };

/** `/admin/api-keys`: keys for programs that use the API. */
export default function ApiKeysPage({ shell, apiKeys }: ShellProps & ApiKeysPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="API keys" siteName={shell.workspace.name}>
        Programs send a key as <code>Authorization: Bearer …</code> to use the{' '}
        <Link href={paths.docsApi()} className="underline">
          Chorus API
        </Link>
        . Each key is limited to 600 requests a minute.
      </PageHeading>
      <ApiKeysManager initial={apiKeys} />
    </>
  );
}
