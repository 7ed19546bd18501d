import { z } from 'zod';

/** SPEC.md §9: pages of 20, at most 100. */
export const AUDIT_PAGE_SIZE = 20;

/** GET /api/v1/audit: newest first; `cursor` is the `nextCursor` of the previous page. */
export const auditListQuery = z.object({
  cursor: z.coerce
    .number({ message: 'This page link is not valid.' })
    .int()
    .positive()
    .optional()
    .describe('The `nextCursor` of the previous page.'),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE).describe('Events per page (1–100).'),
});
export type AuditListQuery = z.output<typeof auditListQuery>;

/** A person or thing an event names: its name now, and where to see it (null: nowhere, e.g. deleted). */
export const auditRefSchema = z.object({ text: z.string(), href: z.string().nullable() });
export type AuditRef = z.infer<typeof auditRefSchema>;

/** A piece of an event's sentence: text, a person or thing (linked when it can be seen), or a time. */
export const auditPartSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('text'), v: z.string() }),
  z.object({ t: z.literal('ref'), v: z.string(), href: z.string().nullable() }),
  z.object({ t: z.literal('time'), iso: z.string() }),
]);
export type AuditPart = z.infer<typeof auditPartSchema>;

/** One audit event as admins read it. `before` and `after` are stored JSON: render them as text. */
export const auditEventViewSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    action: z.string(),
    /** Who did it, by their current name ("Deleted user" once erased; "system" when no person did). */
    actor: z.object({ id: z.string().nullable(), label: z.string(), href: z.string().nullable() }),
    /** What it was done to, by its current name, and where to see it (null when it is gone). */
    target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string(), href: z.string().nullable() }).nullable(),
    /** A second thing the event names: the post merged into, the status posts moved to, the person a vote was cast for. */
    related: auditRefSchema.nullable(),
    /** The event in words: text, links and times (sentences.ts). */
    sentence: z.array(auditPartSchema),
    before: z.unknown().meta({ description: 'The changed values before, as recorded (any JSON), or null.' }),
    after: z.unknown().meta({ description: 'The changed values after, as recorded (any JSON), or null.' }),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventView = z.infer<typeof auditEventViewSchema>;

/** Newest first; `nextCursor` is null on the last page. */
export const auditPageSchema = z.object({ items: z.array(auditEventViewSchema), nextCursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
