import { useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { api } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import { focusWhenSettled } from '@/lib/focus';
import type { ApiKey, CreatedApiKey } from '../schema';
import { ApiKeyForm, type ApiKeyValues } from './ApiKeyForm';
import { NewKeySecret } from './NewKeySecret';
import { isolated } from '@/components/ui/bidi';

const sr = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

type Notice = { tone: 'success' | 'error'; text: string } | null;

function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: (k: ApiKey) => void }) {
  const t = useTranslations('teamAdmin');
  const formats = useFormats();
  const revoke = async () => onRevoked(await api<ApiKey>(`/api/v1/admin/api-keys/${apiKey.id}`, { method: 'DELETE' }));
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="api-key-row" data-api-key-id={apiKey.id}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1">
          <p className="m-0 font-medium break-words" data-testid="api-key-name">
            <bdi>{apiKey.name}</bdi>
            {revoked ? (
              <span
                className="ms-2 rounded-full border border-border px-2 py-0.5 text-xs font-medium text-muted"
                data-testid="api-key-revoked"
              >
                {t('apiKeys.row.revoked')}
              </span>
            ) : null}
          </p>
          <p className="m-0 font-mono text-sm break-all text-muted" data-testid="api-key-prefix">
            {`${apiKey.prefix}_…`}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">{t('apiKeys.row.scope')}</dt>
            <dd className="m-0" data-testid="api-key-scope">
              {t(`apiKeys.scopes.${apiKey.scope}`)}
            </dd>
            <dt className="text-muted">{t('apiKeys.row.created')}</dt>
            <dd className="m-0 min-w-0 break-words">
              {apiKey.createdBy
                ? isolated((u) =>
                    t('apiKeys.row.createdBy', { date: formats.dateTime(apiKey.createdAt), name: u(apiKey.createdBy!.displayName) }),
                  )
                : formats.dateTime(apiKey.createdAt)}
            </dd>
            <dt className="text-muted">{t('apiKeys.row.lastUsed')}</dt>
            <dd className="m-0" data-testid="api-key-last-used">
              {apiKey.lastUsedAt ? formats.dateTime(apiKey.lastUsedAt) : t('apiKeys.row.never')}
            </dd>
            {revoked ? (
              <>
                <dt className="text-muted">{t('apiKeys.row.revoked')}</dt>
                <dd className="m-0">{formats.dateTime(apiKey.revokedAt!)}</dd>
              </>
            ) : null}
          </dl>
        </div>
        {revoked ? null : (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="px-3 py-1.5" data-testid="api-key-revoke">
                {t.rich('apiKeys.row.revokeNamed', { name: apiKey.name, sr })}
              </Button>
            }
            title={t('apiKeys.row.revokeTitle', { name: apiKey.name })}
            description={t('apiKeys.row.revokeDescription')}
            confirmLabel={t('apiKeys.row.revoke')}
            onConfirm={revoke}
            testId="api-key-revoke-dialog"
          />
        )}
      </div>
    </li>
  );
}

/** The admins' API keys: create (the secret shown once), list, revoke. */
export function ApiKeysManager({ initial }: { initial: ApiKey[] }) {
  const t = useTranslations('teamAdmin');
  const [keys, setKeys] = useState(initial);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const create = async (values: ApiKeyValues) => {
    const result = await api<CreatedApiKey>('/api/v1/admin/api-keys', { body: values });
    setKeys((list) => [result.apiKey, ...list]);
    setNotice(null);
    setCreated(result);
  };

  return (
    <>
      {created ? (
        <NewKeySecret
          created={created}
          onDone={() => {
            setCreated(null);
            focusWhenSettled(() => listHeading.current);
          }}
        />
      ) : null}
      <section aria-labelledby="add-key-heading" className="mb-8 rounded-xl border border-border bg-surface p-4 sm:p-6">
        <h2 id="add-key-heading" className="mb-4 text-lg font-semibold">
          {t('apiKeys.create')}
        </h2>
        <ApiKeyForm onSubmit={create} />
      </section>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? (
          <Alert tone={notice.tone} testId="api-keys-notice">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <h2 className="mb-3 text-lg font-semibold" ref={listHeading} tabIndex={-1} data-testid="api-keys-heading">
        {t('apiKeys.keys')}
      </h2>
      {keys.length === 0 ? (
        <EmptyState title={t('apiKeys.emptyTitle')} testId="api-keys-empty">
          {t('apiKeys.empty')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="api-key-list">
          {keys.map((k) => (
            <KeyRow
              key={k.id}
              apiKey={k}
              onRevoked={(updated) => {
                setKeys((list) => list.map((x) => (x.id === updated.id ? updated : x)));
                setNotice({ tone: 'success', text: t('apiKeys.revokedNotice', { name: updated.name }) });
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}
