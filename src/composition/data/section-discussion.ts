/** What people say and do about posts: comments, status history, subscriptions (sections of format.ts). */
import { sql } from 'drizzle-orm';
import { comments, statusChanges, subscriptions } from '@/server/db/schema';
import { queryRows } from '@/server/db/client';
import { checkPostRefs, insertRows, iso, isoOr, knownStatuses, section, userId, type Approval, type Stamp } from './section';

export const commentsSection = section({
  name: 'comments',
  tables: [comments],
  async export(tx) {
    const rows = await queryRows<{
      post: number;
      author: string | null;
      body: string;
      internal: boolean;
      approval: Approval;
      created_at: Stamp;
      edited_at: Stamp;
      deleted_at: Stamp;
    }>(
      sql`select p.number as post, u.email as author, c.body, c.internal, c.approval, c.created_at, c.edited_at, c.deleted_at
          from comments c join posts p on p.id = c.post_id left join users u on u.id = c.author_id
          order by c.id`,
      tx,
    );
    return rows.map((c) => ({
      post: Number(c.post),
      author: c.author,
      body: c.body,
      internal: c.internal,
      approval: c.approval,
      createdAt: isoOr(c.created_at),
      editedAt: iso(c.edited_at),
      deletedAt: iso(c.deleted_at),
    }));
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
    const rows = await queryRows<{ post: number; from: string | null; to: string | null; by: string | null; note: string; created_at: Stamp }>(
      sql`select p.number as post, f.slug as "from", t.slug as "to", u.email as by, sc.note, sc.created_at
          from status_changes sc join posts p on p.id = sc.post_id
          left join statuses f on f.id = sc.from_status_id left join statuses t on t.id = sc.to_status_id
          left join users u on u.id = sc.by_id
          order by sc.id`,
      tx,
    );
    return rows.map((s) => ({ post: Number(s.post), from: s.from, to: s.to, by: s.by, note: s.note, createdAt: isoOr(s.created_at) }));
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
  async export(tx) {
    const rows = await queryRows<{ post: number; member: string; subscribed: boolean }>(
      sql`select p.number as post, u.email as member, s.subscribed
          from subscriptions s join posts p on p.id = s.post_id join users u on u.id = s.user_id
          order by p.number, u.email`,
      tx,
    );
    return rows.map((s) => ({ post: Number(s.post), member: s.member, subscribed: s.subscribed }));
  },
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
