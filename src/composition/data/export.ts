/**
 * The whole workspace as one JSON document (format.ts), read in one REPEATABLE READ transaction
 * so its parts agree with each other. It reads the tables of several features directly, like the
 * demo seed writes them: moving a workspace is about all of it at once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client';
import { EXPORT_FORMAT, EXPORT_VERSION, type WorkspaceExport } from './format';

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

type Stamp = Date | string | null;
const iso = (v: Stamp): string | null => (v === null ? null : new Date(v).toISOString());
const isoOr = (v: Stamp): string => iso(v) ?? new Date(0).toISOString();

export async function exportWorkspace(database: Db): Promise<WorkspaceExport> {
  return database.transaction(
    async (tx) => {
      const [ws] = await rows<{
        name: string;
        accent_color: string;
        default_theme: NonNullable<WorkspaceExport['workspace']>['defaultTheme'];
        access: 'public' | 'sign_in_required';
        signup_policy: 'open' | 'invite_only' | 'domain_allowlist';
        allowed_domains: string[];
        moderation: 'off' | 'new_members' | 'all';
        default_locale: NonNullable<WorkspaceExport['workspace']>['defaultLocale'];
        widget_origins: string[];
      }>(
        tx,
        sql`select name, accent_color, default_theme, access, signup_policy, allowed_domains, moderation, default_locale, widget_origins
            from workspace_settings where id = 1`,
      );

      // Rows are ordered by their time at the file's precision (milliseconds), then by a unique
      // key: an import writes those times back truncated, and exporting again gives the same order.
      const companies = await rows<{ external_id: string; name: string; monthly_revenue_cents: number | string | null }>(
        tx,
        sql`select external_id, name, monthly_revenue_cents from companies order by external_id`,
      );

      const members = await rows<{
        email: string;
        display_name: string;
        role: 'member' | 'moderator' | 'admin';
        email_verified_at: Stamp;
        banned_at: Stamp;
        deleted_at: Stamp;
        created_at: Stamp;
        external_id: string | null;
        company: string | null;
      }>(
        tx,
        sql`select u.email, u.display_name, u.role, u.email_verified_at, u.banned_at, u.deleted_at, u.created_at, u.external_id,
              c.external_id as company
            from users u left join companies c on c.id = u.company_id
            order by date_trunc('milliseconds', u.created_at), u.email`,
      );

      const statuses = await rows<{
        slug: string;
        name: string;
        color: string;
        category: WorkspaceExport['statuses'][number]['category'];
        position: number;
        on_roadmap: boolean;
      }>(tx, sql`select slug, name, color, category, position, on_roadmap from statuses order by position, slug`);

      const tags = await rows<{ name: string; color: string }>(tx, sql`select name, color from tags order by lower(name)`);

      const boards = await rows<{
        slug: string;
        name: string;
        description: string;
        visibility: 'public' | 'private';
        posting: 'members' | 'team';
        position: number;
        archived_at: Stamp;
        members: string[] | null;
      }>(
        tx,
        sql`select b.slug, b.name, b.description, b.visibility, b.posting, b.position, b.archived_at,
              (select array_agg(u.email order by u.email) from board_members bm join users u on u.id = bm.user_id where bm.board_id = b.id) as members
            from boards b order by b.position, b.slug`,
      );

      const posts = await rows<{
        number: number;
        board: string;
        author: string | null;
        title: string;
        body: string;
        status: string | null;
        tags: string[] | null;
        pinned: boolean;
        approval: 'pending' | 'approved' | 'rejected';
        merged_into: number | null;
        created_at: Stamp;
        updated_at: Stamp;
        status_changed_at: Stamp;
        deleted_at: Stamp;
      }>(
        tx,
        sql`select p.number, b.slug as board, u.email as author, p.title, p.body, s.slug as status,
              (select array_agg(t.name order by lower(t.name)) from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id = p.id) as tags,
              p.pinned, p.approval, m.number as merged_into, p.created_at, p.updated_at, p.status_changed_at, p.deleted_at
            from posts p
            join boards b on b.id = p.board_id
            left join users u on u.id = p.author_id
            left join statuses s on s.id = p.status_id
            left join posts m on m.id = p.merged_into_id
            order by p.number`,
      );

      // A vote a merge copied onto its target says which duplicate it came from, so unmerging after an
      // import still removes exactly the copies.
      const votes = await rows<{ post: number; member: string; cast_by: string | null; merged_from: number | null; created_at: Stamp }>(
        tx,
        sql`select p.number as post, u.email as member, c.email as cast_by, d.number as merged_from, v.created_at
            from votes v join posts p on p.id = v.post_id join users u on u.id = v.user_id left join users c on c.id = v.cast_by_id
            left join posts d on d.id = v.merged_from_id
            order by p.number, date_trunc('milliseconds', v.created_at), u.email`,
      );

      const comments = await rows<{
        post: number;
        author: string | null;
        body: string;
        internal: boolean;
        approval: 'pending' | 'approved' | 'rejected';
        created_at: Stamp;
        edited_at: Stamp;
        deleted_at: Stamp;
      }>(
        tx,
        sql`select p.number as post, u.email as author, c.body, c.internal, c.approval, c.created_at, c.edited_at, c.deleted_at
            from comments c join posts p on p.id = c.post_id left join users u on u.id = c.author_id
            order by c.id`,
      );

      const statusChanges = await rows<{ post: number; from: string | null; to: string | null; by: string | null; note: string; created_at: Stamp }>(
        tx,
        sql`select p.number as post, f.slug as "from", t.slug as "to", u.email as by, sc.note, sc.created_at
            from status_changes sc join posts p on p.id = sc.post_id
            left join statuses f on f.id = sc.from_status_id left join statuses t on t.id = sc.to_status_id
            left join users u on u.id = sc.by_id
            order by sc.id`,
      );

      const subscriptions = await rows<{ post: number; member: string; subscribed: boolean }>(
        tx,
        sql`select p.number as post, u.email as member, s.subscribed
            from subscriptions s join posts p on p.id = s.post_id join users u on u.id = s.user_id
            order by p.number, u.email`,
      );

      const labels = await rows<{ slug: string; name: string; position: number }>(
        tx,
        sql`select slug, name, position from changelog_labels order by position, slug`,
      );
      const entries = await rows<{
        slug: string;
        title: string;
        body: string;
        label: string;
        state: 'draft' | 'published';
        published_at: Stamp;
        author: string | null;
        posts: number[] | null;
      }>(
        tx,
        sql`select e.slug, e.title, e.body, e.label, e.state, e.published_at, u.email as author,
              (select array_agg(p.number order by p.number) from changelog_entry_posts ep join posts p on p.id = ep.post_id where ep.entry_id = e.id) as posts
            from changelog_entries e left join users u on u.id = e.author_id
            order by date_trunc('milliseconds', e.created_at), e.slug`,
      );
      const subscribers = await rows<{ member: string; subscribed: boolean }>(
        tx,
        sql`select u.email as member, cs.subscribed from changelog_subscriptions cs join users u on u.id = cs.user_id order by u.email`,
      );

      return {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date().toISOString(),
        workspace: ws
          ? {
              name: ws.name,
              accentColor: ws.accent_color,
              defaultTheme: ws.default_theme,
              access: ws.access,
              signupPolicy: ws.signup_policy,
              allowedDomains: ws.allowed_domains,
              moderation: ws.moderation,
              defaultLocale: ws.default_locale,
              widgetOrigins: ws.widget_origins,
            }
          : null,
        companies: companies.map((c) => ({
          id: c.external_id,
          name: c.name,
          monthlyRevenueCents: c.monthly_revenue_cents === null ? null : Number(c.monthly_revenue_cents),
        })),
        members: members.map((m) => ({
          email: m.email,
          displayName: m.display_name,
          role: m.role,
          emailVerifiedAt: iso(m.email_verified_at),
          bannedAt: iso(m.banned_at),
          deletedAt: iso(m.deleted_at),
          createdAt: isoOr(m.created_at),
          externalId: m.external_id,
          company: m.company,
        })),
        statuses: statuses.map((s) => ({
          slug: s.slug,
          name: s.name,
          color: s.color,
          category: s.category,
          position: s.position,
          onRoadmap: s.on_roadmap,
        })),
        tags,
        boards: boards.map((b) => ({
          slug: b.slug,
          name: b.name,
          description: b.description,
          visibility: b.visibility,
          posting: b.posting,
          position: b.position,
          archivedAt: iso(b.archived_at),
          members: b.members ?? [],
        })),
        posts: posts.map((p) => ({
          number: Number(p.number),
          board: p.board,
          author: p.author,
          title: p.title,
          body: p.body,
          status: p.status,
          tags: p.tags ?? [],
          pinned: p.pinned,
          approval: p.approval,
          mergedInto: p.merged_into === null ? null : Number(p.merged_into),
          createdAt: isoOr(p.created_at),
          updatedAt: isoOr(p.updated_at),
          statusChangedAt: iso(p.status_changed_at),
          deletedAt: iso(p.deleted_at),
        })),
        votes: votes.map((v) => ({
          post: Number(v.post),
          member: v.member,
          castBy: v.cast_by,
          mergedFrom: v.merged_from === null ? null : Number(v.merged_from),
          createdAt: isoOr(v.created_at),
        })),
        comments: comments.map((c) => ({
          post: Number(c.post),
          author: c.author,
          body: c.body,
          internal: c.internal,
          approval: c.approval,
          createdAt: isoOr(c.created_at),
          editedAt: iso(c.edited_at),
          deletedAt: iso(c.deleted_at),
        })),
        statusChanges: statusChanges.map((s) => ({
          post: Number(s.post),
          from: s.from,
          to: s.to,
          by: s.by,
          note: s.note,
          createdAt: isoOr(s.created_at),
        })),
        subscriptions: subscriptions.map((s) => ({ post: Number(s.post), member: s.member, subscribed: s.subscribed })),
        changelog: {
          labels,
          entries: entries.map((e) => ({
            slug: e.slug,
            title: e.title,
            body: e.body,
            label: e.label,
            state: e.state,
            publishedAt: iso(e.published_at),
            author: e.author,
            posts: (e.posts ?? []).map(Number),
          })),
          subscribers,
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
