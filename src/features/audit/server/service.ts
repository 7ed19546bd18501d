import { and, eq } from 'drizzle-orm';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { db, type DbOrTx } from '@/server/db/client';
import { auditEvents } from '@/server/db/schema';
import { paths } from '@/config/paths';
import { slugify } from '@/lib/slug';
import type { AuditAction } from '../enums';
import type { AuditEventView, AuditListQuery, AuditPage, AuditRef } from '../schema';
import { auditSentence, type AuditWords } from '../sentences';
import { listAuditEventRows, type AuditEventRow } from './queries';

export interface AuditEntry {
  /** Who did it; with `apiKey` when they acted through an API key (the log then names the key). */
  actor: { id: string; displayName: string; apiKey?: { id: string; name: string } } | null;
  /** One of AUDIT_ACTIONS: each has its sentence in the log (sentences.ts). */
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** Records who did what; call it inside the same transaction as the change it describes. */
export async function recordAudit(entry: AuditEntry, tx: DbOrTx = db()): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: entry.actor?.id ?? null,
    actorLabel: entry.actor?.apiKey ? apiKeyLabel(entry.actor.apiKey.name) : (entry.actor?.displayName ?? 'system'),
    apiKeyId: entry.actor?.apiKey?.id ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

/** How the log names an action taken with an API key. */
export const apiKeyLabel = (name: string): string => `API key “${name}”`;

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A person as the log names them: their current name, linked to them in the member list; erased: "Deleted user". */
function personRef(w: AuditWords, name: string | null, email: string | null, deleted: boolean | null): AuditRef | null {
  if (name === null) return null;
  if (deleted) return { text: w.t('ref.deletedPerson'), href: null };
  return { text: name, href: email ? paths.adminMembers(email) : null };
}

/** A post as the log names it: "#12 “Dark mode”", linked unless deleted. */
function postRef(
  w: AuditWords,
  number: number | null,
  title: string | null,
  deleted: boolean | null,
  fallback?: string | null,
): AuditRef | null {
  if (number === null) return fallback ? { text: `#${fallback}`, href: null } : null;
  const name = title ? w.t('ref.post', { number: `#${number}`, title }) : `#${number}`;
  return deleted
    ? { text: w.t('ref.deletedPost', { post: name }), href: null }
    : { text: name, href: paths.post(number, title ? slugify(title) : undefined) };
}

/** A named thing that may be gone: its current name and page, or its name at the time, unlinked. */
function namedRef(w: AuditWords, current: string | null, href: string, then: unknown): AuditRef | null {
  if (current !== null) return { text: w.t('ref.named', { name: current }), href };
  return text(then) ? { text: w.t('ref.named', { name: text(then)! }), href: null } : null;
}

function targetRef(w: AuditWords, row: AuditEventRow): AuditRef | null {
  const before = asRecord(row.before);
  const after = asRecord(row.after);
  switch (row.targetType) {
    case 'user':
      return personRef(w, row.userName, row.userEmail, row.userDeleted) ?? { text: w.t('ref.deletedPerson'), href: null };
    case 'post':
      return postRef(w, row.postNumber, row.postTitle ?? text(before.title), row.postDeleted, row.targetId);
    case 'comment': {
      if (row.commentId === null) return { text: w.t('ref.commentGone'), href: null };
      const on = postRef(w, row.commentPostNumber, row.commentPostTitle, false)!;
      const deleted = Boolean(row.commentDeleted);
      return {
        text: w.t(deleted ? 'ref.deletedComment' : 'ref.comment', { post: on.text }),
        href: paths.post(
          row.commentPostNumber!,
          row.commentPostTitle ? slugify(row.commentPostTitle) : undefined,
          deleted ? undefined : Number(row.commentId),
        ),
      };
    }
    case 'board':
      return namedRef(w, row.boardName, row.boardSlug ? paths.board(row.boardSlug) : paths.adminBoards(), before.name ?? after.name);
    case 'status':
      return namedRef(w, row.statusName, paths.adminStatuses(), before.name ?? after.name);
    case 'tag':
      return namedRef(w, row.tagName, paths.adminTags(), before.name ?? after.name);
    case 'changelog_entry':
      return namedRef(
        w,
        row.entryTitle,
        row.entryState === 'published' && row.entrySlug ? paths.changelogEntry(row.entrySlug) : paths.adminChangelog(),
        before.title ?? after.title,
      );
    case 'changelog_label':
      return text(after.name) ? { text: w.t('ref.named', { name: text(after.name)! }), href: null } : null;
    case 'invitation':
      return row.targetId ? { text: row.targetId, href: null } : null;
    case 'workspace':
      return { text: w.t('ref.workspace'), href: paths.adminSettings() };
    case 'webhook':
      return text(after.url ?? before.url) ? { text: text(after.url ?? before.url)!, href: paths.adminWebhooks() } : null;
    case 'api_key':
      return namedRef(w, row.targetKeyName, paths.adminApiKeys(), before.name ?? after.name);
    default:
      return row.targetId ? { text: row.targetId, href: null } : null;
  }
}

function relatedRef(w: AuditWords, row: AuditEventRow): AuditRef | null {
  if (row.action === 'post.merged' || row.action === 'post.unmerged') {
    const number = row.mergedNumber ?? (Number(asRecord(row.after).mergedInto ?? asRecord(row.before).mergedInto) || null);
    return postRef(w, row.mergedNumber ?? number, row.mergedTitle, row.mergedDeleted);
  }
  if (row.action === 'status.deleted')
    return row.movedStatusName ? { text: w.t('ref.named', { name: row.movedStatusName }), href: paths.adminStatuses() } : null;
  if (row.action === 'vote.cast_on_behalf') return personRef(w, row.voterName, row.voterEmail, row.voterDeleted);
  return null;
}

function toView(row: AuditEventRow, w: AuditWords): AuditEventView {
  // The actor's name now; an actor without an account row keeps the name recorded then. An
  // action taken with an API key is the key's (by its name now, or as recorded then).
  const recorded = row.actorLabel === DELETED_PERSON_NAME ? w.t('ref.deletedPerson') : row.actorLabel;
  const actor = row.apiKeyId
    ? {
        text: row.apiKeyName ? w.t('ref.apiKey', { name: row.apiKeyName }) : (recorded ?? w.t('ref.someApiKey')),
        href: paths.adminApiKeys(),
      }
    : row.actorId
      ? (personRef(w, row.actorName, row.actorEmail, row.actorDeleted) ?? { text: recorded ?? w.t('ref.deletedPerson'), href: null })
      : null;
  const target = targetRef(w, row);
  const related = relatedRef(w, row);
  return {
    id: Number(row.id),
    at: new Date(row.createdAt).toISOString(),
    action: row.action,
    actor: actor ? { id: row.actorId, label: actor.text, href: actor.href } : { id: null, label: 'system', href: null },
    target: row.targetType
      ? { type: row.targetType, id: row.targetId, label: target?.text ?? row.targetId ?? row.targetType, href: target?.href ?? null }
      : null,
    related,
    sentence: auditSentence({ action: row.action, actor, target, related, before: asRecord(row.before), after: asRecord(row.after) }, w),
    before: row.before,
    after: row.after,
    ip: row.ip,
  };
}

/**
 * One page of the audit log, newest first, its sentences and names in the reader's language
 * (/admin/audit), or in English (GET /api/v1/audit: the API's words are English).
 */
export async function listAuditPage(query: AuditListQuery, words: AuditWords): Promise<AuditPage> {
  const rows = await listAuditEventRows(db(), query.limit + 1, query.cursor);
  const page = rows.slice(0, query.limit).map((row) => toView(row, words));
  return { items: page, nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
}

/**
 * Erasure (account deletion): the events stay, so the log still says what happened and when,
 * but the person's name leaves the labels of what they did, and the before/after values of
 * what was done to their account (names, addresses) are dropped.
 */
export async function forgetAuditPerson(userId: string, tx: DbOrTx = db()): Promise<void> {
  await tx.update(auditEvents).set({ actorLabel: DELETED_PERSON_NAME }).where(eq(auditEvents.actorId, userId));
  await tx
    .update(auditEvents)
    .set({ before: null, after: null })
    .where(and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, userId)));
}
