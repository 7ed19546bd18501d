/** A stored value as plain text (React escapes it): never rendered as HTML. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(asText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** What changed, key by key: `key: before → after`; keys present on one side only show that side. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  if (keys.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="m-0 flex list-none flex-col gap-1 p-0">
      {keys.map((k) => (
        <li key={k} className="break-words">
          <span className="font-medium">{k}</span>:{' '}
          {k in b ? (
            <>
              <span className="text-muted">{asText(b[k])}</span> →{' '}
            </>
          ) : null}
          <span>{k in a ? asText(a[k]) : '(removed)'}</span>
        </li>
      ))}
    </ul>
  );
}
