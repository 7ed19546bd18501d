/** Statuses, tags and boards: what posts are filed under (sections of format.ts). */
import { sql } from 'drizzle-orm';
import { boardMembers, boards, statuses, tags } from '@/server/db/schema';
import { queryRows } from '@/server/db/client';
import { idsBy, insertRows, iso, keysOf, section, userId, type Item, type Raw } from './section';

/** Statuses by slug; the file's name, colour, category and place win over a status of the same slug. */
export const statusesSection = section({
  name: 'statuses',
  tables: [statuses],
  export: (tx) =>
    queryRows<Item<'statuses'>>(
      sql`select slug, name, color, category, position, on_roadmap as "onRoadmap" from statuses order by position, slug`,
      tx,
    ),
  rows: (doc) => doc.statuses.length,
  async import(doc, ctx) {
    await insertRows(
      ctx.tx,
      'statuses',
      ['slug', 'name', 'color', 'category', 'position', 'on_roadmap'],
      doc.statuses.map(({ onRoadmap, ...status }) => ({ ...status, on_roadmap: onRoadmap })),
      sql`on conflict (slug) do update set name = excluded.name, color = excluded.color, category = excluded.category,
        position = excluded.position, on_roadmap = excluded.on_roadmap`,
    );
    ctx.ids.statuses = await idsBy(ctx.tx, sql`select slug as key, id from statuses`);
  },
});

/** Tags by name (without regard to case), with those the posts name that the list lacks. */
export const tagsSection = section({
  name: 'tags',
  tables: [tags],
  export: (tx) => queryRows<Item<'tags'>>(sql`select name, color from tags order by lower(name)`, tx),
  rows: (doc) => doc.tags.length,
  async import(doc, ctx) {
    const byName = new Map<string, { name: string; color: string }>();
    for (const t of doc.tags) byName.set(t.name.toLowerCase(), t);
    for (const p of doc.posts) for (const t of p.tags) if (!byName.has(t.toLowerCase())) byName.set(t.toLowerCase(), { name: t, color: '#64748b' });
    await insertRows(ctx.tx, 'tags', ['name', 'color'], [...byName.values()], sql`on conflict do nothing`);
    ctx.ids.tags = await idsBy(ctx.tx, sql`select lower(name) as key, id from tags`);
  },
});

/** Boards by slug, with the members of private boards; a board the workspace has already is kept as it is. */
export const boardsSection = section({
  name: 'boards',
  tables: [boards, boardMembers],
  async export(tx) {
    const rows = await queryRows<Raw<Item<'boards'>, 'archivedAt'>>(
      sql`select b.slug, b.name, b.description, b.visibility, b.posting, b.position, b.archived_at as "archivedAt",
            coalesce((select array_agg(u.email order by u.email) from board_members bm join users u on u.id = bm.user_id
              where bm.board_id = b.id), '{}') as members
          from boards b order by b.position, b.slug`,
      tx,
    );
    return rows.map((b) => ({ ...b, archivedAt: iso(b.archivedAt) }));
  },
  rows: (doc) => doc.boards.length,
  people: (doc) => doc.boards.flatMap((b) => b.members),
  async import(doc, ctx) {
    const { tx } = ctx;
    const existing = await keysOf(tx, sql`select slug as key from boards`);
    ctx.created.boards = doc.boards.filter((b) => !existing.has(b.slug)).length;
    await insertRows(
      tx,
      'boards',
      ['slug', 'name', 'description', 'visibility', 'posting', 'position', 'archived_at'],
      doc.boards.map(({ archivedAt, members: _granted, ...board }) => ({ ...board, archived_at: archivedAt })),
      sql`on conflict (slug) do nothing`,
    );
    ctx.ids.boards = await idsBy(tx, sql`select slug as key, id from boards`);
    await insertRows(
      tx,
      'board_members',
      ['board_id', 'user_id'],
      doc.boards.flatMap((b) => b.members.map((m) => ({ board_id: ctx.ids.boards.get(b.slug), user_id: userId(ctx, m) }))),
      sql`on conflict do nothing`,
    );
  },
});
