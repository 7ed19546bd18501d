/**
 * The changelog's public surface (SPEC.md §2, §3, §4): published entries as their readers may
 * see them, the changelog subscription, the audience of a publication (for notifications) and
 * the entries of the Atom feed. Writing and publishing live in editing.ts and publishing.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { env } from '@/config/env';
import { postSlug } from '@/features/posts/schema';
import type { PostRef } from '@/features/posts/server/access-service';
import { db, type DbOrTx } from '@/server/db/client';
import { changelogEntries } from '@/server/db/schema';
import type { Actor, UserActor } from '@/server/identity/actor';
import { cursorCodec, isIsoMicros, isUuid, requireCursor } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import {
  entryExcerpt,
  type ChangelogLabel,
  type ChangelogSubscription,
  type EntryListQuery,
  type LinkedPost,
  type PublishedEntry,
  type PublishedEntryPage,
  type ShippedIn,
} from '../schema';
import {
  audienceIds,
  feedRows,
  getChangelogSubscription,
  getEntryRowBy,
  listLabelRows,
  listPublishedEntryRows,
  publishedEntriesLinking,
  upsertChangelogSubscription,
  type EntryWithRefs,
} from './queries';

/** The public list's keyset: (published_at to the microsecond, id). */
export const entryCursor = cursorCodec<{ publishedAt: string; id: string }>(
  (k) => [k.publishedAt, k.id],
  (parts) => (parts.length === 2 && isIsoMicros(parts[0]) && isUuid(parts[1]) ? { publishedAt: parts[0], id: parts[1] } : null),
);

export const toLinkedPosts = (refs: PostRef[]): LinkedPost[] =>
  refs.map((r) => ({ number: r.number, title: r.title, slug: postSlug(r.title) }));

/** An entry's canonical URL. */
export const entryUrl = (slug: string): string => `${env().PUBLIC_URL}/changelog/${encodeURIComponent(slug)}`;

function toPublished(row: EntryWithRefs): PublishedEntry {
  const e = row.entry;
  return {
    slug: e.slug,
    title: e.title,
    body: e.body,
    excerpt: entryExcerpt(e.body),
    label: { slug: e.label, name: row.labelName },
    publishedAt: (e.publishedAt ?? e.updatedAt).toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    posts: toLinkedPosts(row.refs),
  };
}

/** Published entries, newest first, one page; linked posts only as far as `actor` may see them. */
export async function listPublishedEntries(actor: Actor, query: EntryListQuery): Promise<PublishedEntryPage> {
  const after = query.cursor ? requireCursor(entryCursor, query.cursor) : undefined;
  const rows = await listPublishedEntryRows(db(), actor, { label: query.label, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toPublished),
    nextCursor:
      rows.length > query.limit && last?.publishedKey ? entryCursor.encode({ publishedAt: last.publishedKey, id: last.entry.id }) : null,
  };
}

/** One published entry by slug; NOT_FOUND for a draft or an unknown slug. */
export async function getPublishedEntry(actor: Actor, slug: string): Promise<PublishedEntry> {
  const row = await getEntryRowBy(db(), actor, sql`${changelogEntries.slug} = ${slug} and ${changelogEntries.state} = 'published'`);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such changelog entry.');
  return toPublished(row);
}

/** The labels, in their order. */
export async function listChangelogLabels(tx: DbOrTx = db()): Promise<ChangelogLabel[]> {
  return (await listLabelRows(tx)).map((l) => ({ slug: l.slug, name: l.name }));
}

/** The published entries that shipped this post (the caller has looked the post up as its reader). */
export async function shippedIn(postId: string, tx: DbOrTx = db()): Promise<ShippedIn[]> {
  return (await publishedEntriesLinking(tx, postId)).map((e) => ({
    slug: e.slug,
    title: e.title,
    publishedAt: (e.publishedAt ?? new Date(0)).toISOString(),
  }));
}

export async function isFollowingChangelog(actor: Actor): Promise<boolean> {
  return actor.kind === 'user' ? getChangelogSubscription(db(), actor.id) : false;
}

/** A member follows (or stops following) the changelog. */
export async function followChangelog(actor: UserActor, subscribed: boolean): Promise<ChangelogSubscription> {
  await upsertChangelogSubscription(db(), actor.id, subscribed);
  return { subscribed };
}

/**
 * Who hears about the publication of an entry: the distinct ids of the voters and (still-)
 * subscribers of its linked posts and of the changelog's subscribers, each person once. A voter
 * who unsubscribed from that post is left out for it; deleted and banned people are left out.
 */
export async function changelogAudience(
  tx: DbOrTx,
  entryId: string,
): Promise<{ entry: { id: string; slug: string; title: string; excerpt: string; published: boolean }; recipientIds: string[] }> {
  const [entry] = await tx.select().from(changelogEntries).where(eq(changelogEntries.id, entryId)).limit(1);
  if (!entry) throw new AppError('NOT_FOUND', 'There is no such changelog entry.');
  return {
    entry: {
      id: entry.id,
      slug: entry.slug,
      title: entry.title,
      excerpt: entryExcerpt(entry.body),
      published: entry.state === 'published',
    },
    recipientIds: await audienceIds(tx, entryId),
  };
}

/** Published entries for the Atom feed (/changelog/feed.xml), newest first. */
export async function listPublishedEntriesForFeed(
  limit: number,
): Promise<{ slug: string; title: string; body: string; label: string; publishedAt: Date; updatedAt: Date }[]> {
  return (await feedRows(db(), limit)).map((e) => ({
    slug: e.slug,
    title: e.title,
    body: e.body,
    label: e.labelName,
    publishedAt: e.publishedAt!,
    updatedAt: e.updatedAt,
  }));
}
