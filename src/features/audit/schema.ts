import { z } from 'zod';

/** SPEC.md §9: pages of 20, at most 100. */
export const AUDIT_PAGE_SIZE = 20;

/** GET /api/v1/audit: newest first; `cursor` is the `nextCursor` of the previous page. */
export const auditListQuery = z.object({
  cursor: z.coerce.number({ message: 'This page link is not valid.' }).int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type AuditListQuery = z.output<typeof auditListQuery>;

/** One audit event as admins read it. `before` and `after` are stored JSON: render them as text. */
export interface AuditEventView {
  id: number;
  at: string;
  actor: { id: string | null; label: string };
  action: string;
  target: { type: string; id: string | null; label: string } | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface AuditPage {
  items: AuditEventView[];
  nextCursor: number | null;
}

/** Human names of the actions recorded so far; an unknown action shows its code. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'workspace.setup': 'Set up the workspace',
  'workspace.settings_changed': 'Changed workspace settings',
  'user.signed_up': 'Signed up',
  'user.email_changed': 'Changed email address',
  'user.password_reset': 'Reset password',
  'member.invited': 'Invited someone',
  'member.role_changed': 'Changed a role',
  'member.banned': 'Banned someone',
  'member.unbanned': 'Lifted a ban',
};
