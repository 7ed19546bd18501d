/** A status: its colour as a dot (decoration) and its name as text, readable in both themes. */
export function StatusBadge({ status }: { status: { name: string; color: string } | null }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-medium" data-testid="status-badge">
      <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full" style={{ background: status?.color ?? '#64748b' }} />
      {status?.name ?? 'New'}
    </span>
  );
}

/** The person who wrote something, marked when they speak for the team. */
export function TeamBadge() {
  return (
    <span className="rounded bg-accent px-1.5 py-0.5 text-[0.7rem] font-semibold uppercase tracking-wide text-accent-fg" data-testid="team-badge">
      Team
    </span>
  );
}
