import { useTranslations } from 'use-intl';

type T = ReturnType<typeof useTranslations<'teamAdmin'>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A stored value as plain text (React escapes it): never rendered as HTML. Ids mean nothing to
 * a reader (the sentence names the people and things), so a list of them shows its length.
 */
function asText(t: T, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? t('audit.diff.empty') : UUID.test(value) ? t('audit.diff.anId') : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return t('audit.diff.none');
    if (value.every((v) => typeof v === 'string' && UUID.test(v))) return t('audit.diff.items', { count: value.length });
    return value.map((v) => asText(t, v)).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const changedKeys = (before: unknown, after: unknown): { keys: string[]; b: Record<string, unknown>; a: Record<string, unknown> } => {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  return { keys, b, a };
};

/** Whether an event's values before and after differ in anything (its details are then worth showing). */
export const hasDiff = (before: unknown, after: unknown): boolean => changedKeys(before, after).keys.length > 0;

/** What changed, key by key: `key: before → after`; keys present on one side only show that side. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const t = useTranslations('teamAdmin');
  const { keys, b, a } = changedKeys(before, after);
  if (keys.length === 0) return <span className="text-muted">{'—'}</span>;
  return (
    <ul className="m-0 flex list-none flex-col gap-1 p-0" data-testid="audit-diff">
      {keys.map((k) => (
        <li key={k} className="break-words">
          <span className="font-medium">{k}</span>
          {': '}
          {k in b ? (
            <>
              <span className="text-muted">{asText(t, b[k])}</span>
              {' → '}
            </>
          ) : null}
          <span>{k in a ? asText(t, a[k]) : t('audit.diff.removed')}</span>
        </li>
      ))}
    </ul>
  );
}
