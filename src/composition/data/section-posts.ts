/**
 * Posts and their votes (sections of format.ts). Posts are named by their number; everything
 * that hangs on a post refers to it by that number.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { posts, postTags, votes } from '@/server/db/schema';
import { queryRows } from '@/server/db/client';
import {
  BATCH,
  checkPostRefs,
  filePostNumbers,
  insertRows,
  iso,
  isoOr,
  keysOf,
  knownStatuses,
  section,
  userId,
  type Item,
  type Raw,
} from './section';

/**
 * Posts keep their numbers in a Chorus export (it goes only into an empty workspace); from a CSV
 * they are numbered on. Their tags and merges come with them; counters are computed after the
 * votes and comments are written (import.ts).
 */
export const postsSection = section({
  name: 'posts',
  tables: [posts, postTags],
  async export(tx) {
    const rows = await queryRows<Raw<Item<'posts'>, 'createdAt' | 'updatedAt' | 'statusChangedAt' | 'deletedAt'>>(
      sql`select p.number, b.slug as board, u.email as author, p.title, p.body, s.slug as status,
            coalesce((select array_agg(t.name order by lower(t.name)) from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id = p.id), '{}') as tags,
            p.pinned, p.approval, m.number as "mergedInto", p.created_at as "createdAt", p.updated_at as "updatedAt",
            p.status_changed_at as "statusChangedAt", p.deleted_at as "deletedAt"
          from posts p
          join boards b on b.id = p.board_id
          left join users u on u.id = p.author_id
          left join statuses s on s.id = p.status_id
          left join posts m on m.id = p.merged_into_id
          order by p.number`,
      tx,
    );
    return rows.map((p) => ({
      ...p,
      createdAt: isoOr(p.createdAt),
      updatedAt: isoOr(p.updatedAt),
      statusChangedAt: iso(p.statusChangedAt),
      deletedAt: iso(p.deletedAt),
    }));
  },
  rows: (doc) => doc.posts.length,
  people: (doc) => doc.posts.map((p) => p.author),
  async check(doc, { tx, locate, report }) {
    const boards = await keysOf(tx, sql`select slug as key from boards`);
    for (const b of doc.boards) boards.add(b.slug);
    const statuses = await knownStatuses(tx, doc);
    const seen = new Map<number, number>();
    doc.posts.forEach((p, i) => {
      const where = locate('posts', i);
      const earlier = seen.get(p.number);
      if (earlier !== undefined) report.add(where, `post number ${p.number} appears twice (also ${locate('posts', earlier)})`);
      seen.set(p.number, i);
      if (!boards.has(p.board)) report.add(where, `unknown board "${p.board}"`);
      if (p.status !== null && !statuses.has(p.status)) report.add(where, `unknown status "${p.status}"`);
    });
    doc.posts.forEach((p, i) => {
      if (p.mergedInto === null) return;
      if (p.mergedInto === p.number || !seen.has(p.mergedInto)) report.add(locate('posts', i), `merged into unknown post ${p.mergedInto}`);
    });
  },
  async import(doc, ctx) {
    const { tx, opts, now, ids } = ctx;
    for (const p of doc.posts) ids.posts.set(p.number, randomUUID());
    await insertRows(
      tx,
      'posts',
      [
        'id',
        ...(opts.requireEmpty ? ['number'] : []),
        'board_id',
        'author_id',
        'title',
        'body',
        'status_id',
        'status_changed_at',
        'pinned',
        'approval',
        'activity_at',
        'created_at',
        'updated_at',
        'deleted_at',
      ],
      doc.posts.map((p) => ({
        id: ids.posts.get(p.number),
        number: p.number,
        board_id: ids.boards.get(p.board),
        author_id: userId(ctx, p.author),
        title: p.title,
        body: p.body,
        status_id: p.status ? ids.statuses.get(p.status) : null,
        status_changed_at: p.statusChangedAt,
        pinned: p.pinned,
        approval: p.approval,
        activity_at: p.updatedAt ?? p.createdAt ?? now,
        created_at: p.createdAt ?? now,
        updated_at: p.updatedAt ?? p.createdAt ?? now,
        deleted_at: p.deletedAt,
      })),
    );
    if (opts.requireEmpty && doc.posts.length > 0)
      await tx.execute(sql`select setval(pg_get_serial_sequence('public.posts', 'number'), (select max(number) from posts))`);
    const merged = doc.posts.filter((p) => p.mergedInto !== null);
    for (let i = 0; i < merged.length; i += BATCH) {
      const pairs = merged
        .slice(i, i + BATCH)
        .map((p) => ({ id: ids.posts.get(p.number), target: ids.posts.get(p.mergedInto!), at: p.updatedAt ?? now }));
      await tx.execute(sql`update posts set merged_into_id = m.target, merged_at = m.at
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as m(id uuid, target uuid, at timestamptz) where posts.id = m.id`);
    }
    await insertRows(
      tx,
      'post_tags',
      ['post_id', 'tag_id'],
      doc.posts.flatMap((p) => p.tags.map((t) => ({ post_id: ids.posts.get(p.number), tag_id: ids.tags.get(t.toLowerCase()) }))),
      sql`on conflict do nothing`,
    );
  },
});

/**
 * Votes, with who cast one on someone's behalf. A vote a merge copied onto its target says which
 * duplicate it came from, so unmerging after an import still removes exactly the copies.
 */
export const votesSection = section({
  name: 'votes',
  tables: [votes],
  async export(tx) {
    const rows = await queryRows<Raw<Item<'votes'>, 'createdAt'>>(
      sql`select p.number as post, u.email as member, c.email as "castBy", d.number as "mergedFrom", v.created_at as "createdAt"
          from votes v join posts p on p.id = v.post_id join users u on u.id = v.user_id left join users c on c.id = v.cast_by_id
          left join posts d on d.id = v.merged_from_id
          order by p.number, date_trunc('milliseconds', v.created_at), u.email`,
      tx,
    );
    return rows.map((v) => ({ ...v, createdAt: isoOr(v.createdAt) }));
  },
  rows: (doc) => doc.votes.length,
  people: (doc) => doc.votes.flatMap((v) => [v.member, v.castBy]),
  async check(doc, ctx) {
    checkPostRefs(doc, 'votes', ctx);
    const numbers = filePostNumbers(doc);
    doc.votes.forEach((v, i) => {
      if (v.mergedFrom !== null && !numbers.has(v.mergedFrom)) ctx.report.add(ctx.locate('votes', i), `merged from unknown post ${v.mergedFrom}`);
    });
  },
  async import(doc, ctx) {
    await insertRows(
      ctx.tx,
      'votes',
      ['post_id', 'user_id', 'cast_by_id', 'merged_from_id', 'created_at'],
      doc.votes.map((v) => ({
        post_id: ctx.ids.posts.get(v.post),
        user_id: userId(ctx, v.member),
        cast_by_id: userId(ctx, v.castBy),
        merged_from_id: v.mergedFrom === null ? null : ctx.ids.posts.get(v.mergedFrom),
        created_at: v.createdAt ?? ctx.now,
      })),
      sql`on conflict do nothing`,
    );
  },
});
