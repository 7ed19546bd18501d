/** The changelog: its labels, its entries with the posts they shipped, and its followers (a section of format.ts). */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { changelogEntries, changelogEntryPosts, changelogLabels, changelogSubscriptions } from '@/server/db/schema';
import { queryRows } from '@/server/db/client';
import type { WorkspaceExport } from './format';
import { filePostNumbers, insertRows, iso, keysOf, section, userId, type Raw } from './section';

export const changelogSection = section({
  name: 'changelog',
  tables: [changelogLabels, changelogEntries, changelogEntryPosts, changelogSubscriptions],
  async export(tx) {
    const labels = await queryRows<{ slug: string; name: string; position: number }>(
      sql`select slug, name, position from changelog_labels order by position, slug`,
      tx,
    );
    const entries = await queryRows<Raw<WorkspaceExport['changelog']['entries'][number], 'publishedAt'>>(
      sql`select e.slug, e.title, e.body, e.label, e.state, e.published_at as "publishedAt", u.email as author,
            coalesce((select array_agg(p.number order by p.number) from changelog_entry_posts ep join posts p on p.id = ep.post_id
              where ep.entry_id = e.id), '{}') as posts
          from changelog_entries e left join users u on u.id = e.author_id
          order by date_trunc('milliseconds', e.created_at), e.slug`,
      tx,
    );
    const subscribers = await queryRows<{ member: string; subscribed: boolean }>(
      sql`select u.email as member, cs.subscribed from changelog_subscriptions cs join users u on u.id = cs.user_id order by u.email`,
      tx,
    );
    return {
      labels,
      entries: entries.map((e) => ({ ...e, publishedAt: iso(e.publishedAt) })),
      subscribers,
    };
  },
  rows: ({ changelog }) => changelog.labels.length + changelog.entries.length + changelog.subscribers.length,
  people: ({ changelog }) => [...changelog.entries.map((e) => e.author), ...changelog.subscribers.map((s) => s.member)],
  async check(doc, { tx, locate, report }) {
    const labels = await keysOf(tx, sql`select slug as key from changelog_labels`);
    for (const l of doc.changelog.labels) labels.add(l.slug);
    const numbers = filePostNumbers(doc);
    doc.changelog.entries.forEach((e, i) => {
      const where = locate('changelog.entries', i);
      if (!labels.has(e.label)) report.add(where, `unknown label "${e.label}"`);
      for (const n of e.posts) if (!numbers.has(n)) report.add(where, `unknown post ${n}`);
      if (e.state === 'published' && e.publishedAt === null) report.add(where, 'a published entry needs publishedAt');
    });
  },
  async import({ changelog }, ctx) {
    const { tx } = ctx;
    await insertRows(tx, 'changelog_labels', ['slug', 'name', 'position'], changelog.labels, sql`on conflict do nothing`);
    const entryIds = changelog.entries.map(() => randomUUID());
    await insertRows(
      tx,
      'changelog_entries',
      ['id', 'slug', 'title', 'body', 'label', 'state', 'published_at', 'author_id'],
      changelog.entries.map((e, i) => ({
        id: entryIds[i],
        slug: e.slug,
        title: e.title,
        body: e.body,
        label: e.label,
        state: e.state,
        published_at: e.publishedAt,
        author_id: userId(ctx, e.author),
      })),
    );
    await insertRows(
      tx,
      'changelog_entry_posts',
      ['entry_id', 'post_id'],
      changelog.entries.flatMap((e, i) => e.posts.map((n) => ({ entry_id: entryIds[i], post_id: ctx.ids.posts.get(n) }))),
      sql`on conflict do nothing`,
    );
    await insertRows(
      tx,
      'changelog_subscriptions',
      ['user_id', 'subscribed'],
      changelog.subscribers.map((s) => ({ user_id: userId(ctx, s.member), subscribed: s.subscribed })),
      sql`on conflict do nothing`,
    );
  },
});
