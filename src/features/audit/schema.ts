import type { AuditPart, AuditRef } from './sentences';
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
  action: string;
  /** Who did it, by their current name ("Deleted user" once erased; "system" when no person did). */
  actor: { id: string | null; label: string; href: string | null };
  /** What it was done to, by its current name, and where to see it (null when it is gone). */
  target: { type: string; id: string | null; label: string; href: string | null } | null;
  /** A second thing the event names: the post merged into, the status posts moved to, the person a vote was cast for. */
  related: AuditRef | null;
  /** The event in words: text, links and times (sentences.ts). */
  sentence: AuditPart[];
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface AuditPage {
  items: AuditEventView[];
  nextCursor: number | null;
}
