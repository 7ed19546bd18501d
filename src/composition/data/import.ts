/**
 * Imports a workspace document (format.ts): a Chorus export into an empty workspace, or the posts
 * and votes read from a Canny or Fider CSV export (csv-sources.ts). Everything is checked first;
 * any bad row refuses the whole import with a report (422 VALIDATION_FAILED, `fields` naming each
 * row and its reason), and a good file is written in one transaction: all of it or nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { refreshTrendingScores } from '@/features/posts/server/trending-service';
import { requestFullRefresh } from '@/features/insights/server/service';
import { recordAudit } from '@/features/audit/server/service';
import { db, type Tx } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { UserActor } from '@/server/identity/actor';
import { forgetWorkspace } from '@/server/workspace';
import { workspaceExport, type WorkspaceExport } from './format';

/** At most this many rows (members, posts, votes, comments… together) per import. */
export const MAX_IMPORT_ROWS = 200_000;
/** At most this many problems are listed; the count says how many there were. */
const MAX_PROBLEMS = 200;
const BATCH = 2000;

export type ImportSource = 'chorus' | 'canny' | 'fider';

export interface ImportSummary {
  source: ImportSource;
  members: number;
  boards: number;
  posts: number;
  votes: number;
  comments: number;
  statusChanges: number;
  changelogEntries: number;
}

/** Names a row of the input for the report: "posts #3", or "posts.csv line 4" for a CSV file. */
export type Locate = (section: string, index: number) => string;
export const jsonLocate: Locate = (section, index) => `${section} #${index + 1}`;

export class ImportReport {
  readonly problems: Record<string, string> = {};
  count = 0;
  add(where: string, message: string): void {
    this.count++;
    if (Object.keys(this.problems).length < MAX_PROBLEMS && !(where in this.problems)) this.problems[where] = message;
  }
  throwIfAny(): void {
    if (this.count === 0) return;
    const fields = { ...this.problems };
    if (this.count > Object.keys(fields).length) fields['_'] = `${this.count} problems in all; the first ${Object.keys(fields).length} are listed.`;
    throw new AppError('VALIDATION_FAILED', `The file has ${this.count} problem${this.count === 1 ? '' : 's'}: nothing was imported.`, {
      fields,
      reason: 'importProblems',
    });
  }
}

/** Checks the shape of a Chorus export (zod), reporting each bad row by its place in the file. */
export function parseWorkspaceExport(input: unknown, locate: Locate = jsonLocate): WorkspaceExport {
  const result = workspaceExport.safeParse(input);
  if (result.success) return result.data;
  const report = new ImportReport();
  for (const issue of result.error.issues) {
    const [section, index, ...rest] = issue.path;
    const where =
      typeof section === 'string' && typeof index === 'number'
        ? `${locate(section, index)}${rest.length ? ` (${rest.join('.')})` : ''}`
        : issue.path.join('.') || 'file';
    report.add(where, issue.message);
  }
  report.throwIfAny();
  throw new Error('unreachable');
}

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** INSERT … SELECT FROM json_populate_recordset, in batches: one parameter per batch on both drivers. */
async function insertRows(tx: Tx, table: string, columns: string[], rows: Record<string, unknown>[], suffix = sql``): Promise<void> {
  const cols = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const name = sql.raw(`"${table}"`);
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(rows.slice(i, i + BATCH));
    await tx.execute(sql`insert into ${name} (${cols}) overriding system value
      select ${cols} from json_populate_recordset(null::${name}, ${json}::json) ${suffix}`);
  }
}

const nameFromEmail = (email: string) => email.split('@')[0]!.slice(0, 50) || 'Member';

export interface ImportOptions {
  source: ImportSource;
  /** A Chorus export goes only into a workspace without posts, keeping its post numbers. */
  requireEmpty: boolean;
  locate?: Locate;
  /** CSV imports: subscribe authors and voters, as posting and voting do. */
  subscribeParticipants?: boolean;
}

export async function importWorkspace(actor: UserActor, doc: WorkspaceExport, opts: ImportOptions, ip: string): Promise<ImportSummary> {
  const locate = opts.locate ?? jsonLocate;
  const total =
    doc.companies.length +
    doc.members.length + doc.posts.length + doc.votes.length + doc.comments.length + doc.statusChanges.length + doc.subscriptions.length;
  if (total > MAX_IMPORT_ROWS) throw new AppError('PAYLOAD_TOO_LARGE', `The file has ${total} rows; an import takes at most ${MAX_IMPORT_ROWS}.`, {
      reason: 'importTooLarge',
    });

  const summary = await db().transaction(async (tx) => {
    if (opts.requireEmpty) {
      const [{ n }] = (await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from posts`)) as [{ n: number }];
      if (Number(n) > 0)
        throw new AppError('CONFLICT', 'This workspace already has posts: a workspace export goes only into an empty workspace.', {
          fields: { file: 'The workspace already has posts.' },
          reason: 'workspaceNotEmpty',
        });
    }
    const report = new ImportReport();
    const existingBoards = new Map((await rowsOf<{ slug: string; id: string }>(tx, sql`select slug, id from boards`)).map((b) => [b.slug, b.id]));
    const existingStatuses = new Map(
      (await rowsOf<{ slug: string; id: string }>(tx, sql`select slug, id from statuses`)).map((s) => [s.slug, s.id]),
    );
    const existingLabels = new Set((await rowsOf<{ slug: string }>(tx, sql`select slug from changelog_labels`)).map((l) => l.slug));
    const boardSlugs = new Set([...existingBoards.keys(), ...doc.boards.map((b) => b.slug)]);
    const statusSlugs = new Set([...existingStatuses.keys(), ...doc.statuses.map((s) => s.slug)]);
    const labelSlugs = new Set([...existingLabels, ...doc.changelog.labels.map((l) => l.slug)]);

    const numbers = new Map<number, number>();
    doc.posts.forEach((p, i) => {
      const where = locate('posts', i);
      if (numbers.has(p.number)) report.add(where, `post number ${p.number} appears twice (also ${locate('posts', numbers.get(p.number)!)})`);
      numbers.set(p.number, i);
      if (!boardSlugs.has(p.board)) report.add(where, `unknown board "${p.board}"`);
      if (p.status !== null && !statusSlugs.has(p.status)) report.add(where, `unknown status "${p.status}"`);
    });
    doc.posts.forEach((p, i) => {
      if (p.mergedInto === null) return;
      if (p.mergedInto === p.number || !numbers.has(p.mergedInto)) report.add(locate('posts', i), `merged into unknown post ${p.mergedInto}`);
    });
    const needPost = (section: string, list: { post: number }[]) =>
      list.forEach((r, i) => {
        if (!numbers.has(r.post)) report.add(locate(section, i), `unknown post ${r.post}`);
      });
    needPost('votes', doc.votes);
    needPost('comments', doc.comments);
    needPost('statusChanges', doc.statusChanges);
    needPost('subscriptions', doc.subscriptions);
    doc.votes.forEach((v, i) => {
      if (v.mergedFrom !== null && !numbers.has(v.mergedFrom)) report.add(locate('votes', i), `merged from unknown post ${v.mergedFrom}`);
    });
    doc.statusChanges.forEach((c, i) => {
      for (const s of [c.from, c.to]) if (s !== null && !statusSlugs.has(s)) report.add(locate('statusChanges', i), `unknown status "${s}"`);
    });
    const companyIds = new Set((await rowsOf<{ external_id: string }>(tx, sql`select external_id from companies`)).map((c) => c.external_id));
    const fileCompanies = new Map<string, number>();
    doc.companies.forEach((c, i) => {
      const earlier = fileCompanies.get(c.id);
      if (earlier !== undefined) report.add(locate('companies', i), `company id "${c.id}" appears twice (also ${locate('companies', earlier)})`);
      fileCompanies.set(c.id, i);
      companyIds.add(c.id);
    });
    const takenExternalIds = new Map(
      (await rowsOf<{ external_id: string; email: string }>(tx, sql`select external_id, email from users where external_id is not null`)).map((u) => [
        u.external_id,
        u.email,
      ]),
    );
    const fileExternalIds = new Map<string, number>();
    doc.members.forEach((m, i) => {
      if (m.company !== null && !companyIds.has(m.company)) report.add(locate('members', i), `unknown company "${m.company}"`);
      if (m.externalId === null) return;
      if (fileExternalIds.has(m.externalId))
        report.add(locate('members', i), `external id "${m.externalId}" appears twice (also ${locate('members', fileExternalIds.get(m.externalId)!)})`);
      fileExternalIds.set(m.externalId, i);
      const holder = takenExternalIds.get(m.externalId);
      if (holder !== undefined && holder !== m.email) report.add(locate('members', i), `external id "${m.externalId}" belongs to another account`);
    });
    doc.changelog.entries.forEach((e, i) => {
      if (!labelSlugs.has(e.label)) report.add(locate('changelog.entries', i), `unknown label "${e.label}"`);
      for (const n of e.posts) if (!numbers.has(n)) report.add(locate('changelog.entries', i), `unknown post ${n}`);
      if (e.state === 'published' && e.publishedAt === null) report.add(locate('changelog.entries', i), 'a published entry needs publishedAt');
    });
    report.throwIfAny();

    // ── Write: catalogs, people, boards, then posts and what hangs on them. ──
    if (doc.workspace && opts.requireEmpty) {
      const w = doc.workspace;
      await tx.execute(sql`update workspace_settings set name = ${w.name}, accent_color = ${w.accentColor}, default_theme = ${w.defaultTheme},
        access = ${w.access}, signup_policy = ${w.signupPolicy}, moderation = ${w.moderation}, updated_at = now(),
        default_locale = ${w.defaultLocale},
        widget_origins = array(select jsonb_array_elements_text(${JSON.stringify(w.widgetOrigins)}::jsonb)),
        allowed_domains = array(select jsonb_array_elements_text(${JSON.stringify(w.allowedDomains)}::jsonb))
        where id = 1`);
    }
    await insertRows(
      tx,
      'statuses',
      ['slug', 'name', 'color', 'category', 'position', 'on_roadmap'],
      doc.statuses.map((s) => ({ slug: s.slug, name: s.name, color: s.color, category: s.category, position: s.position, on_roadmap: s.onRoadmap })),
      sql`on conflict (slug) do update set name = excluded.name, color = excluded.color, category = excluded.category,
        position = excluded.position, on_roadmap = excluded.on_roadmap`,
    );
    const statusIds = new Map((await rowsOf<{ slug: string; id: string }>(tx, sql`select slug, id from statuses`)).map((s) => [s.slug, s.id]));

    const tagNames = new Map<string, { name: string; color: string }>();
    for (const t of doc.tags) tagNames.set(t.name.toLowerCase(), t);
    for (const p of doc.posts) for (const t of p.tags) if (!tagNames.has(t.toLowerCase())) tagNames.set(t.toLowerCase(), { name: t, color: '#64748b' });
    await insertRows(tx, 'tags', ['name', 'color'], [...tagNames.values()], sql`on conflict do nothing`);
    const tagIds = new Map((await rowsOf<{ name: string; id: string }>(tx, sql`select lower(name) as name, id from tags`)).map((t) => [t.name, t.id]));

    // Companies before the people who belong to them; the file's name and revenue win.
    await insertRows(
      tx,
      'companies',
      ['external_id', 'name', 'monthly_revenue_cents'],
      doc.companies.map((c) => ({ external_id: c.id, name: c.name, monthly_revenue_cents: c.monthlyRevenueCents })),
      sql`on conflict (external_id) do update set name = excluded.name, monthly_revenue_cents = excluded.monthly_revenue_cents, updated_at = now()`,
    );
    const companyRowIds = new Map(
      (await rowsOf<{ external_id: string; id: string }>(tx, sql`select external_id, id from companies`)).map((c) => [c.external_id, c.id]),
    );

    const people = new Map<string, Record<string, unknown>>();
    for (const m of doc.members)
      people.set(m.email, {
        email: m.email,
        display_name: m.displayName,
        role: m.role,
        email_verified_at: m.emailVerifiedAt,
        banned_at: m.bannedAt,
        deleted_at: m.deletedAt,
        created_at: m.createdAt ?? new Date().toISOString(),
        external_id: m.externalId,
        company_id: m.company === null ? null : companyRowIds.get(m.company),
      });
    const referenced = [
      ...doc.posts.map((p) => p.author),
      ...doc.votes.flatMap((v) => [v.member, v.castBy]),
      ...doc.comments.map((c) => c.author),
      ...doc.statusChanges.map((c) => c.by),
      ...doc.subscriptions.map((s) => s.member),
      ...doc.boards.flatMap((b) => b.members),
      ...doc.changelog.entries.map((e) => e.author),
      ...doc.changelog.subscribers.map((s) => s.member),
    ];
    // Someone referenced by email only is created as a member without a password, as a vote on
    // their behalf would: they can sign in by an emailed link or set a password later.
    for (const email of referenced)
      if (email && !people.has(email))
        people.set(email, {
          email,
          display_name: nameFromEmail(email),
          role: 'member',
          created_at: new Date().toISOString(),
          external_id: null,
          company_id: null,
        });
    const before = Number((await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from users`))[0]!.n);
    await insertRows(
      tx,
      'users',
      ['email', 'display_name', 'role', 'email_verified_at', 'banned_at', 'deleted_at', 'created_at', 'updated_at', 'external_id', 'company_id'],
      [...people.values()].map((p) => ({ ...p, updated_at: p.created_at })),
      sql`on conflict (email) do nothing`,
    );
    const createdMembers = Number((await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from users`))[0]!.n) - before;
    const emails = [...people.keys()];
    const userIds = new Map<string, string>();
    for (let i = 0; i < emails.length; i += BATCH) {
      const found = await rowsOf<{ email: string; id: string }>(
        tx,
        sql`select email, id from users where email in (select jsonb_array_elements_text(${JSON.stringify(emails.slice(i, i + BATCH))}::jsonb))`,
      );
      for (const u of found) userIds.set(u.email, u.id);
    }
    const uid = (email: string | null) => (email ? (userIds.get(email) ?? null) : null);

    await insertRows(
      tx,
      'boards',
      ['slug', 'name', 'description', 'visibility', 'posting', 'position', 'archived_at'],
      doc.boards.map((b) => ({
        slug: b.slug,
        name: b.name,
        description: b.description,
        visibility: b.visibility,
        posting: b.posting,
        position: b.position,
        archived_at: b.archivedAt,
      })),
      sql`on conflict (slug) do nothing`,
    );
    const boardIds = new Map((await rowsOf<{ slug: string; id: string }>(tx, sql`select slug, id from boards`)).map((b) => [b.slug, b.id]));
    await insertRows(
      tx,
      'board_members',
      ['board_id', 'user_id'],
      doc.boards.flatMap((b) => b.members.map((m) => ({ board_id: boardIds.get(b.slug), user_id: uid(m) }))),
      sql`on conflict do nothing`,
    );

    const postIds = new Map(doc.posts.map((p) => [p.number, randomUUID()]));
    const now = new Date().toISOString();
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
        id: postIds.get(p.number),
        number: p.number,
        board_id: boardIds.get(p.board),
        author_id: uid(p.author),
        title: p.title,
        body: p.body,
        status_id: p.status ? statusIds.get(p.status) : null,
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
      const pairs = merged.slice(i, i + BATCH).map((p) => ({ id: postIds.get(p.number), target: postIds.get(p.mergedInto!), at: p.updatedAt ?? now }));
      await tx.execute(sql`update posts set merged_into_id = m.target, merged_at = m.at
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as m(id uuid, target uuid, at timestamptz) where posts.id = m.id`);
    }
    await insertRows(
      tx,
      'post_tags',
      ['post_id', 'tag_id'],
      doc.posts.flatMap((p) => p.tags.map((t) => ({ post_id: postIds.get(p.number), tag_id: tagIds.get(t.toLowerCase()) }))),
      sql`on conflict do nothing`,
    );
    await insertRows(
      tx,
      'votes',
      ['post_id', 'user_id', 'cast_by_id', 'merged_from_id', 'created_at'],
      doc.votes.map((v) => ({
        post_id: postIds.get(v.post),
        user_id: uid(v.member),
        cast_by_id: uid(v.castBy),
        merged_from_id: v.mergedFrom === null ? null : postIds.get(v.mergedFrom),
        created_at: v.createdAt ?? now,
      })),
      sql`on conflict do nothing`,
    );
    await insertRows(
      tx,
      'comments',
      ['post_id', 'author_id', 'body', 'internal', 'approval', 'created_at', 'edited_at', 'deleted_at'],
      doc.comments.map((c) => ({
        post_id: postIds.get(c.post),
        author_id: uid(c.author),
        body: c.body,
        internal: c.internal,
        approval: c.approval,
        created_at: c.createdAt ?? now,
        edited_at: c.editedAt,
        deleted_at: c.deletedAt,
      })),
    );
    await insertRows(
      tx,
      'status_changes',
      ['post_id', 'from_status_id', 'to_status_id', 'by_id', 'note', 'created_at'],
      doc.statusChanges.map((c) => ({
        post_id: postIds.get(c.post),
        from_status_id: c.from ? statusIds.get(c.from) : null,
        to_status_id: c.to ? statusIds.get(c.to) : null,
        by_id: uid(c.by),
        note: c.note,
        created_at: c.createdAt ?? now,
      })),
    );
    const subscriptions = doc.subscriptions.map((s) => ({ user_id: uid(s.member), post_id: postIds.get(s.post), subscribed: s.subscribed }));
    if (opts.subscribeParticipants) {
      for (const p of doc.posts) if (p.author) subscriptions.push({ user_id: uid(p.author), post_id: postIds.get(p.number), subscribed: true });
      for (const v of doc.votes) subscriptions.push({ user_id: uid(v.member), post_id: postIds.get(v.post), subscribed: true });
    }
    await insertRows(tx, 'subscriptions', ['user_id', 'post_id', 'subscribed'], subscriptions, sql`on conflict do nothing`);

    await insertRows(tx, 'changelog_labels', ['slug', 'name', 'position'], doc.changelog.labels, sql`on conflict do nothing`);
    const entryIds = doc.changelog.entries.map(() => randomUUID());
    await insertRows(
      tx,
      'changelog_entries',
      ['id', 'slug', 'title', 'body', 'label', 'state', 'published_at', 'author_id'],
      doc.changelog.entries.map((e, i) => ({
        id: entryIds[i],
        slug: e.slug,
        title: e.title,
        body: e.body,
        label: e.label,
        state: e.state,
        published_at: e.publishedAt,
        author_id: uid(e.author),
      })),
    );
    await insertRows(
      tx,
      'changelog_entry_posts',
      ['entry_id', 'post_id'],
      doc.changelog.entries.flatMap((e, i) => e.posts.map((n) => ({ entry_id: entryIds[i], post_id: postIds.get(n) }))),
      sql`on conflict do nothing`,
    );
    await insertRows(
      tx,
      'changelog_subscriptions',
      ['user_id', 'subscribed'],
      doc.changelog.subscribers.map((s) => ({ user_id: uid(s.member), subscribed: s.subscribed })),
      sql`on conflict do nothing`,
    );

    // Counters from the rows, as the demo seed does, so they cannot disagree with them.
    const ids = JSON.stringify([...postIds.values()]);
    await tx.execute(sql`update posts p set
        vote_count = (select count(*) from votes v where v.post_id = p.id),
        comment_count = (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null and not c.internal and c.approval = 'approved')
      where p.id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`);
    await refreshTrendingScores(tx);
    await requestFullRefresh(tx);

    const result: ImportSummary = {
      source: opts.source,
      members: createdMembers,
      boards: doc.boards.filter((b) => !existingBoards.has(b.slug)).length,
      posts: doc.posts.length,
      votes: doc.votes.length,
      comments: doc.comments.length,
      statusChanges: doc.statusChanges.length,
      changelogEntries: doc.changelog.entries.length,
    };
    await recordAudit(
      { actor: { id: actor.id, displayName: actor.displayName }, action: 'data.imported', targetType: 'workspace', after: result, ip },
      tx,
    );
    return result;
  });
  forgetWorkspace();
  return summary;
}
