import { useTranslations } from 'use-intl';

/** A status: its colour as a dot (decoration) and its name as text, readable in both themes. */
export function StatusBadge({
  status,
  testId = 'status-badge',
  compact,
}: {
  status: { name: string; color: string } | null;
  testId?: string;
  /** One text line high, for dense lists. */
  compact?: boolean;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-2 text-xs font-medium text-fg ${
        compact ? 'py-0 leading-[1.125rem]' : 'py-0.5'
      }`}
      data-testid={testId}
    >
      <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full" style={{ background: status?.color ?? '#64748b' }} />
      {status ? <bdi>{status.name}</bdi> : <NewStatusName />}
    </span>
  );
}

/** A post without a status yet reads as new (the name of the workflow's first state). */
function NewStatusName() {
  const t = useTranslations('ui');
  return <>{t('badges.newStatus')}</>;
}

/** A post's tags, each with its colour as a dot (decoration) and its name as text. */
export function TagList({
  tags,
  compact,
  testId,
}: {
  tags: readonly { id: string; name: string; color: string }[];
  compact?: boolean;
  testId?: string;
}) {
  if (tags.length === 0) return null;
  return <TagItems tags={tags} compact={compact} testId={testId} />;
}

function TagItems({
  tags,
  compact,
  testId,
}: {
  tags: readonly { id: string; name: string; color: string }[];
  compact?: boolean;
  testId?: string;
}) {
  const t = useTranslations('ui');
  return (
    <ul aria-label={t('badges.tags')} className={`flex flex-wrap ${compact ? 'gap-1' : 'mt-2 gap-1.5'}`} data-testid={testId}>
      {tags.map((tag) => (
        <li
          key={tag.id}
          className={
            compact
              ? 'inline-flex items-center gap-1 rounded bg-bg px-1.5 py-0 leading-[1.125rem] text-fg'
              : 'inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs'
          }
        >
          <span
            aria-hidden="true"
            className={`inline-block rounded-full ${compact ? 'h-1.5 w-1.5' : 'h-2 w-2'}`}
            style={{ backgroundColor: tag.color }}
          />
          <bdi>{tag.name}</bdi>
        </li>
      ))}
    </ul>
  );
}

/** The person who wrote something, marked when they speak for the team. */
export function TeamBadge() {
  const t = useTranslations('ui');
  return (
    <span
      className="rounded bg-accent px-1.5 py-0.5 text-[0.7rem] font-semibold uppercase tracking-wide text-accent-fg"
      data-testid="team-badge"
    >
      {t('badges.team')}
    </span>
  );
}
