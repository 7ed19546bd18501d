/** What people say and do about posts: comments, status history, subscriptions (sections of format.ts). */
import { sql } from 'drizzle-orm';
import { comments, statusChanges, subscriptions } from '@/server/db/schema';
import { queryRows } from '@/server/db/client';
import { checkPostRefs, insertRows, iso, isoOr, knownStatuses, section, userId, type Item, type Raw } from './section';

export const commentsSection = section({
  name: 'comments',
  tables: [comments],
  async export(tx) {
    const rows = await queryRows<Raw<Item<'comments'>, 'createdAt' | 'editedAt' | 'deletedAt'>>(
      sql`select p.number as post, u.email as author, c.body, c.internal, c.approval, c.created_at as "createdAt",
            c.edited_at as "editedAt", c.deleted_at as "deletedAt"
          from comments c join posts p on p.id = c.post_id left join users u on u.id = c.author_id
          order by c.id`,
      tx,
    );
    return rows.map((c) => ({ ...c, createdAt: isoOr(c.createdAt), editedAt: iso(c.editedAt), deletedAt: iso(c.deletedAt) }));
  },
  rows: (doc) => doc.comments.length,
  people: (doc) => doc.comments.map((c) => c.author),
  check: async (doc, ctx) => checkPostRefs(doc, 'comments', ctx),
  async import(doc, ctx) {
    await insertRows(
      ctx.tx,
      'comments',
      ['post_id', 'author_id', 'body', 'internal', 'approval', 'created_at', 'edited_at', 'deleted_at'],
      doc.comments.map((c) => ({
        post_id: ctx.ids.posts.get(c.post),
        author_id: userId(ctx, c.author),
        body: c.body,
        internal: c.internal,
        approval: c.approval,
        created_at: c.createdAt ?? ctx.now,
        edited_at: c.editedAt,
        deleted_at: c.deletedAt,
      })),
    );
  },
});

export const statusChangesSection = section({
  name: 'statusChanges',
  tables: [statusChanges],
  async export(tx) {
    const rows = await queryRows<Raw<Item<'statusChanges'>, 'createdAt'>>(
      sql`select p.number as post, f.slug as "from", t.slug as "to", u.email as by, sc.note, sc.created_at as "createdAt"
          from status_changes sc join posts p on p.id = sc.post_id
          left join statuses f on f.id = sc.from_status_id left join statuses t on t.id = sc.to_status_id
          left join users u on u.id = sc.by_id
          order by sc.id`,
      tx,
    );
    return rows.map((c) => ({ ...c, createdAt: isoOr(c.createdAt) }));
  },
  rows: (doc) => doc.statusChanges.length,
  people: (doc) => doc.statusChanges.map((c) => c.by),
  async check(doc, ctx) {
    checkPostRefs(doc, 'statusChanges', ctx);
    const statuses = await knownStatuses(ctx.tx, doc);
    doc.statusChanges.forEach((c, i) => {
      for (const s of [c.from, c.to]) if (s !== null && !statuses.has(s)) ctx.report.add(ctx.locate('statusChanges', i), `unknown status "${s}"`);
    });
  },
  async import(doc, ctx) {
    const statusId = (slug: string | null) => (slug ? ctx.ids.statuses.get(slug) : null);
    await insertRows(
      ctx.tx,
      'status_changes',
      ['post_id', 'from_status_id', 'to_status_id', 'by_id', 'note', 'created_at'],
      doc.statusChanges.map((c) => ({
        post_id: ctx.ids.posts.get(c.post),
        from_status_id: statusId(c.from),
        to_status_id: statusId(c.to),
        by_id: userId(ctx, c.by),
        note: c.note,
        created_at: c.createdAt ?? ctx.now,
      })),
    );
  },
});

/** Who follows which post; a CSV import also subscribes authors and voters, as posting and voting do. */
export const subscriptionsSection = section({
  name: 'subscriptions',
  tables: [subscriptions],
  export: (tx) =>
    queryRows<Item<'subscriptions'>>(
      sql`select p.number as post, u.email as member, s.subscribed
          from subscriptions s join posts p on p.id = s.post_id join users u on u.id = s.user_id
          order by p.number, u.email`,
      tx,
    ),
  rows: (doc) => doc.subscriptions.length,
  people: (doc) => doc.subscriptions.map((s) => s.member),
  check: async (doc, ctx) => checkPostRefs(doc, 'subscriptions', ctx),
  async import(doc, ctx) {
    const row = (email: string | null, post: number, subscribed: boolean) => ({ user_id: userId(ctx, email), post_id: ctx.ids.posts.get(post), subscribed });
    const rows = doc.subscriptions.map((s) => row(s.member, s.post, s.subscribed));
    if (ctx.opts.subscribeParticipants) {
      for (const p of doc.posts) if (p.author) rows.push(row(p.author, p.number, true));
      for (const v of doc.votes) rows.push(row(v.member, v.post, true));
    }
    await insertRows(ctx.tx, 'subscriptions', ['user_id', 'post_id', 'subscribed'], rows, sql`on conflict do nothing`);
  },
});
