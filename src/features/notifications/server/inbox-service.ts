/**
 * A person's in-app notifications: the bell's unread count, the list (newest first, cursor
 * pages), and marking them read. Each item shows only while its post is still visible to its
 * reader (a board made private, a post deleted: the item drops out).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, db } from '@/server/db/client';
import { boards, notifications, posts } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';
import { cursorCodec, requireCursor } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import { SOURCE_LOCALE } from '@/core/i18n/locales';
import { emailTranslator } from '@/server/i18n/catalogues';
import { headlineText, type HeadlineTranslate } from '../headline';
import { NOTIFICATION_KINDS, type NotificationKind } from '../enums';
import type { NotificationData, NotificationItem, NotificationPage } from '../schema';

const idCursor = cursorCodec<number>(
  (id) => [id],
  (parts) => (parts.length === 1 && Number.isSafeInteger(parts[0]) && (parts[0] as number) > 0 ? (parts[0] as number) : null),
);

/** The notifications this person may read now: theirs, shown in the app, about something still visible to them. */
function readable(actor: UserActor) {
  return sql`n.recipient_id = ${actor.id} and n.in_app and (n.post_id is null or n.kind = 'approval' or exists (
    select 1 from ${posts} join ${boards} on ${boards.id} = ${posts.boardId} where ${posts.id} = n.post_id and ${visiblePostSql(actor)}))`;
}

export async function countUnread(actor: UserActor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    sql`select count(*)::int as n from notifications n where ${readable(actor)} and n.read_at is null`,
    db(),
  );
  return Number(row?.n ?? 0);
}

/** The user content a headline's message inserts (headline.ts); nothing else of the row. */
function headlineArgs(data: NotificationData): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const key of ['who', 'title', 'number', 'status', 'count', 'url'] as const) {
    const value = data[key];
    if (typeof value === 'string' || typeof value === 'number') args[key] = value;
  }
  return args;
}

/** The API's `headline`: English, like the rest of the API, written from the row's message and arguments. */
function englishHeadline(data: NotificationData): string {
  const t = emailTranslator(SOURCE_LOCALE);
  const translate: HeadlineTranslate = (key, args) => t(`notification.headline.${key}` as Parameters<typeof t>[0], args);
  return headlineText(data, translate);
}

export async function listNotifications(
  actor: UserActor,
  query: { cursor?: string; limit: number; unread?: string },
): Promise<NotificationPage> {
  const before = query.cursor ? requireCursor(idCursor, query.cursor) : null;
  const found = await queryRows<{ id: number; kind: string; data: NotificationData; read_at: string | null; created_at: string | Date }>(
    sql`select n.id, n.kind, n.data, n.read_at, n.created_at from notifications n
      where ${readable(actor)} ${before ? sql`and n.id < ${before}` : sql``} ${query.unread ? sql`and n.read_at is null` : sql``}
      order by n.id desc limit ${query.limit}`,
    db(),
  );
  const items: NotificationItem[] = found
    .filter((r) => (NOTIFICATION_KINDS as readonly string[]).includes(r.kind))
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind as NotificationKind,
      headline: englishHeadline(r.data),
      message: typeof r.data.message === 'string' ? r.data.message : null,
      args: headlineArgs(r.data),
      path: r.data.path ?? null,
      excerpt: r.data.excerpt ?? null,
      read: r.read_at !== null,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  return {
    items,
    unread: await countUnread(actor),
    nextCursor: found.length === query.limit ? idCursor.encode(Number(found[found.length - 1]!.id)) : null,
  };
}

/** Marks one of the person's notifications read (opening it); someone else's answers 404. */
export async function markRead(actor: UserActor, id: number): Promise<{ unread: number }> {
  const updated = await db()
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, actor.id)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND');
  return { unread: await countUnread(actor) };
}

export async function markAllRead(actor: UserActor): Promise<{ unread: number }> {
  await db()
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, actor.id), isNull(notifications.readAt)));
  return { unread: await countUnread(actor) };
}
