import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import type { ShellProps } from '@/core/shell';
import { ApiExample } from './ApiExample';
import type { ApiReference, ReferenceField, ReferenceOperation } from './reference';

type Props = ShellProps & { reference?: ApiReference };

/**
 * The document's descriptions mark code with backticks (as Markdown does, and as Redocly renders
 * them): drawn as code here, the rest as text.
 */
function CodeSpans({ text }: { text: string }) {
  const parts = text.split('`');
  // An unmatched backtick stays a backtick.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const anchor = (tag: string) => `group-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function Fields({ title, fields }: { title: string; fields: ReferenceField[] }) {
  if (!fields.length) return null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold">{title}</h4>
      <ul className="mt-1 space-y-2">
        {fields.map((f) => (
          <li key={f.name} className="text-sm">
            <code className="font-mono font-semibold break-all">{f.name}</code>{' '}
            <span className="text-muted">
              {f.type}
              {f.required ? ', required' : ', optional'}
            </span>
            {f.constraints.length ? <span className="block text-muted break-words">{f.constraints.join('; ')}</span> : null}
            {f.description ? (
              <span className="block">
                <CodeSpans text={f.description} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Operation({ op }: { op: ReferenceOperation }) {
  return (
    <article
      id={op.id}
      aria-labelledby={`${op.id}-title`}
      className="min-w-0 scroll-mt-4 rounded-xl border border-border bg-surface p-4"
      data-testid="api-operation"
    >
      <h3 id={`${op.id}-title`} className="flex flex-wrap items-baseline gap-2 text-base font-semibold">
        <span className="rounded border border-border px-1.5 py-0.5 font-mono text-xs font-bold">{op.method}</span>{' '}
        <code className="font-mono text-sm break-all">{op.path}</code>
      </h3>
      {op.summary ? <p className="mt-2">{op.summary}</p> : null}
      {op.description ? (
        <p className="mt-1 text-sm text-muted">
          <CodeSpans text={op.description} />
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Who may call it</dt>
        <dd>{op.who}</dd>
        {op.rateLimit ? (
          <>
            <dt className="font-semibold">Rate limit</dt>
            <dd>{op.rateLimit}</dd>
          </>
        ) : null}
      </dl>
      <Fields title="Path parameters" fields={op.pathParams} />
      <Fields title="Query parameters" fields={op.queryParams} />
      <Fields title="Request body (JSON)" fields={op.bodyFields} />
      {op.errors.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Errors</h4>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm">
            {op.errors.map((e) => (
              <li key={e.code} className="rounded border border-border px-1.5 font-mono text-xs">
                {e.status} {e.code}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {op.example ? <ApiExample opId={op.id} title={`${op.method} ${op.path}`} example={op.example} /> : null}
    </article>
  );
}

/** `/docs/api`: the API reference, generated from the OpenAPI document (/api/v1/openapi.json). */
export default function ApiDocsPage({ shell, reference }: Props) {
  const t = useTranslations('ui');
  if (!reference) return null;
  const openapi = () => (
    // eslint-disable-next-line @next/next/no-html-link-for-pages -- a JSON document, not a page: a full load is right
    <a href="/api/v1/openapi.json" className="underline">
      {'/api/v1/openapi.json'}
    </a>
  );
  return (
    <>
      <PageHeading title={t('apiDocs.title')} siteName={shell.workspace.name}>
        <span lang="en" data-testid="api-intro">
          <CodeSpans text={reference.description} />
        </span>{' '}
        <span>{t.rich('apiDocs.document', { link: openapi })}</span>
      </PageHeading>
      <nav aria-label={t('apiDocs.sections')} className="mb-8 rounded-xl border border-border bg-surface px-5 py-4">
        <h2 className="text-sm font-semibold">{t('apiDocs.sectionsHeading')}</h2>
        <ul lang="en" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {reference.groups.map((g) => (
            <li key={g.tag}>
              <a href={`#${anchor(g.tag)}`} className="underline">
                {g.tag}
              </a>{' '}
              <span className="text-muted">({g.operations.length})</span>
            </li>
          ))}
        </ul>
      </nav>
      {/* The reference itself is developer documentation generated from the OpenAPI document: English, like the API. */}
      <div className="space-y-10" lang="en">
        {reference.groups.map((g) => (
          <section key={g.tag} id={anchor(g.tag)} aria-labelledby={`${anchor(g.tag)}-title`} className="scroll-mt-4 space-y-4">
            <h2 id={`${anchor(g.tag)}-title`} className="text-xl font-semibold">
              {g.tag}
            </h2>
            {g.operations.map((op) => (
              <Operation key={op.id} op={op} />
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
