/**
 * Demo data: a realistic workspace (boards, members, posts across statuses and tags, skewed
 * votes, comments with team replies and internal notes, status history, subscriptions) so a
 * newcomer sees a living product and the benchmarks have data. Used by `npm run seed:demo` and
 * by the demo-data box at /setup.
 *
 * Rows are planned in memory (plan.ts) and written with one multi-row INSERT per batch (a JSON
 * array expanded by jsonb_to_recordset: one parameter, whatever the batch size, on both
 * drivers). The counters are then recomputed from the rows in SQL, so they cannot disagree with
 * them. Everything happens in one transaction: a failed seed leaves nothing behind. It only adds
 * rows; it never deletes or changes existing user data.
 */
import { sql, type SQL } from 'drizzle-orm';
import { refreshTrendingScores } from '@/features/posts/server/trending-service';
import { compactTriageCounts } from '@/features/posts/server/triage-counts-service';
import { requestFullRefresh } from '@/features/insights/server/service';
import { queryRows, type Db, type Tx } from '@/server/db/client';
import { DEMO_BOARDS, DEMO_BOARD_SLUGS, DEMO_TAGS } from './boards';
import { DEMO_EMAIL_DOMAIN, demoPeople } from './people';
import { planDemo, type PlanStatus } from './plan';
import { createRng } from './prng';

export const DEFAULT_DEMO_POSTS = 300;
export const DEFAULT_DEMO_SEED = 'chorus';

export interface DemoSeedOptions {
  posts?: number;
  /** Members besides the team; default 40, or one per 8 posts for bigger seeds. */
  members?: number;
  seed?: string;
  /** "Now" for the generated dates (tests pin it). */
  now?: Date;
}

export interface DemoSeedSummary {
  boards: { slug: string; name: string; visibility: string; posts: number }[];
  members: number;
  team: number;
  posts: number;
  votes: number;
  comments: number;
  statusChanges: number;
  tags: number;
  subscriptions: number;
  /** The most voted post's number (benchmarks and docs link to it). */
  topPostNumber: number | null;
  ms: number;
}

/** The demo boards already exist: seeding twice would duplicate the workspace. */
export class DemoAlreadySeededError extends Error {
  constructor(readonly slugs: string[]) {
    super(`Demo data is already there (board${slugs.length > 1 ? 's' : ''} ${slugs.join(', ')}). Nothing was changed.`);
  }
}

const BATCH_ROWS = 2000;

/** Inserts `rows` in batches: `build(json)` is one INSERT … SELECT FROM jsonb_to_recordset(json). */
async function insertBatches<T>(tx: Tx, rows: T[], build: (json: SQL) => SQL): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    await tx.execute(build(sql`${JSON.stringify(rows.slice(i, i + BATCH_ROWS))}::jsonb`));
  }
}

export async function seedDemo(database: Db, opts: DemoSeedOptions = {}): Promise<DemoSeedSummary> {
  const started = performance.now();
  const postCount = Math.max(1, Math.floor(opts.posts ?? DEFAULT_DEMO_POSTS));
  const memberCount = Math.max(5, Math.floor(opts.members ?? Math.max(40, Math.ceil(postCount / 8))));
  const rng = createRng(opts.seed ?? DEFAULT_DEMO_SEED);
  const now = (opts.now ?? new Date()).getTime();

  const summary = await database.transaction(async (tx) => {
    const slugList = sql.join(
      DEMO_BOARD_SLUGS.map((s) => sql`${s}`),
      sql`, `,
    );
    const taken = await queryRows<{ slug: string }>(sql`select slug from boards where slug in (${slugList}) for update`, tx);
    if (taken.length) throw new DemoAlreadySeededError(taken.map((r) => r.slug));

    // People: two demo moderators, the members, and every existing admin as part of the team.
    const people = demoPeople(rng, memberCount);
    const everyone = [...people.team, ...people.members];
    await insertBatches(
      tx,
      everyone.map((p) => ({
        email: p.email,
        display_name: p.displayName,
        role: p.role,
        created_at: new Date(now - 200 * 86_400_000).toISOString(),
      })),
      (json) => sql`insert into users (email, display_name, role, email_verified_at, created_at, updated_at)
        select email, display_name, role, created_at, created_at, created_at
        from jsonb_to_recordset(${json}) as x(email text, display_name text, role text, created_at timestamptz)
        on conflict (email) do nothing`,
    );
    const users = await queryRows<{ id: string; email: string; role: string }>(
      sql`select id, email, role from users
        where deleted_at is null and banned_at is null and (email like ${'%@' + DEMO_EMAIL_DOMAIN} or role = 'admin')
        order by email`,
      tx,
    );
    const memberEmails = new Set(people.members.map((p) => p.email));
    const memberIds = users.filter((u) => memberEmails.has(u.email)).map((u) => u.id);
    const teamIds = users.filter((u) => !memberEmails.has(u.email) && u.role !== 'member').map((u) => u.id);
    if (!memberIds.length || !teamIds.length) throw new Error('demo seed: the demo people could not be created');

    // Boards after any existing ones; the private board is granted to about a third of the members.
    const [positionRow] = await queryRows<{ max: number }>(sql`select coalesce(max(position), -1)::int as max from boards`, tx);
    const max = positionRow?.max ?? -1;
    const boards: { id: string; def: (typeof DEMO_BOARDS)[number]; voterIds: string[] }[] = [];
    for (const [i, def] of DEMO_BOARDS.entries()) {
      const [row] = await queryRows<{ id: string }>(
        sql`insert into boards (slug, name, description, visibility, posting, position) values (${def.slug},
          ${def.name}, ${def.description}, ${def.visibility}, 'members', ${max + 1 + i}) returning id`,
        tx,
      );
      const granted = def.visibility === 'private' ? rng.sample(memberIds, Math.max(3, Math.ceil(memberIds.length / 3))) : memberIds;
      if (def.visibility === 'private') {
        await insertBatches(
          tx,
          granted.map((user_id) => ({ board_id: row!.id, user_id })),
          (json) =>
            sql`insert into board_members (board_id, user_id) select board_id, user_id from
              jsonb_to_recordset(${json}) as x(board_id uuid, user_id uuid) on conflict do nothing`,
        );
      }
      boards.push({ id: row!.id, def, voterIds: granted });
    }

    // Tags (an existing tag of the same name is reused) and the statuses the migration created.
    await insertBatches(
      tx,
      [...DEMO_TAGS],
      (json) =>
        sql`insert into tags (name, color) select name, color from jsonb_to_recordset(${json}) as x(name text, color text) on conflict do nothing`,
    );
    const tagNames = sql.join(
      DEMO_TAGS.map((t) => sql`${t.name.toLowerCase()}`),
      sql`, `,
    );
    const tagIds = (
      await queryRows<{ id: string }>(sql`select id from tags where lower(name) in (${tagNames}) order by lower(name)`, tx)
    ).map((r) => r.id);
    const statuses = await queryRows<PlanStatus>(sql`select id, category, position from statuses order by position, name`, tx);

    const plan = planDemo({ rng, now, postCount, boards, statuses, tagIds, teamIds });

    // Numbers follow creation order: the seq column orders the identity values.
    await insertBatches(
      tx,
      plan.posts,
      (json) => sql`insert into posts (id, board_id, author_id, title, body, status_id, status_changed_at, pinned, activity_at,
        team_responded_at, created_at, updated_at)
      select id, board_id, author_id, title, body, status_id, status_changed_at, pinned, activity_at, team_responded_at,
        created_at, created_at
      from jsonb_to_recordset(${json}) as x(seq int, id uuid, board_id uuid, author_id uuid, title text, body
        text, status_id uuid, status_changed_at timestamptz, pinned boolean, activity_at timestamptz,
        team_responded_at timestamptz, created_at timestamptz)
      order by seq`,
    );
    await insertBatches(
      tx,
      plan.postTags,
      (json) =>
        sql`insert into post_tags (post_id, tag_id) select post_id, tag_id from jsonb_to_recordset(${json}) as x(post_id uuid, tag_id uuid)`,
    );
    await insertBatches(
      tx,
      plan.votes,
      (json) =>
        sql`insert into votes (post_id, user_id, created_at) select post_id, user_id, created_at from
          jsonb_to_recordset(${json}) as x(post_id uuid, user_id uuid, created_at timestamptz)`,
    );
    await insertBatches(
      tx,
      plan.comments,
      (json) => sql`insert into comments (post_id, author_id, body, internal, created_at, edited_at, deleted_at)
      select post_id, author_id, body, internal, created_at, null, deleted_at
      from jsonb_to_recordset(${json}) as x(seq int, post_id uuid, author_id uuid, body text, internal boolean, created_at timestamptz, deleted_at timestamptz)
      order by seq`,
    );
    await insertBatches(
      tx,
      plan.statusChanges,
      (json) => sql`insert into status_changes (post_id, from_status_id, to_status_id, by_id, note, created_at)
      select post_id, from_status_id, to_status_id, by_id, note, created_at
      from jsonb_to_recordset(${json}) as x(seq int, post_id uuid, from_status_id uuid, to_status_id uuid, by_id uuid, note text, created_at timestamptz)
      order by seq`,
    );

    // Counters and subscriptions come from the rows themselves (SPEC data semantics).
    const boardIds = sql.join(
      boards.map((b) => sql`${b.id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`update posts p set
        vote_count = (select count(*) from votes v where v.post_id = p.id),
        comment_count = (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null and not c.internal and c.approval = 'approved')
      where p.board_id in (${boardIds})`);
    await tx.execute(sql`insert into subscriptions (user_id, post_id, created_at, updated_at)
      select user_id, post_id, min(at), min(at) from (
        select author_id as user_id, id as post_id, created_at as at from posts where board_id in (${boardIds}) and author_id is not null
        union all select v.user_id, v.post_id, v.created_at from votes v join posts p on p.id = v.post_id where p.board_id in (${boardIds})
        union all select c.author_id, c.post_id, c.created_at from comments c join posts p on p.id = c.post_id
          where p.board_id in (${boardIds}) and c.author_id is not null
      ) s group by user_id, post_id
      on conflict do nothing`);
    await refreshTrendingScores(tx);
    // The triage list's kept counts grew by a few rows per batch: one row per key from the start.
    await compactTriageCounts(tx);

    const [counts] = await queryRows<{ votes: number; comments: number; subscriptions: number; top: number | null }>(
      sql`select
        (select count(*)::int from votes v join posts p on p.id = v.post_id where p.board_id in (${boardIds})) as votes,
        (select count(*)::int from comments c join posts p on p.id = c.post_id where p.board_id in (${boardIds})) as comments,
        (select count(*)::int from subscriptions s join posts p on p.id = s.post_id where p.board_id in (${boardIds})) as subscriptions,
        (select number from posts where board_id = ${boards[0]!.id} order by vote_count desc, number limit 1) as top`,
      tx,
    );
    return {
      boards: boards.map((b) => ({
        slug: b.def.slug,
        name: b.def.name,
        visibility: b.def.visibility,
        posts: plan.posts.filter((p) => p.board_id === b.id).length,
      })),
      members: memberIds.length,
      team: teamIds.length,
      posts: plan.posts.length,
      votes: counts!.votes,
      comments: counts!.comments,
      statusChanges: plan.statusChanges.length,
      tags: tagIds.length,
      subscriptions: counts!.subscriptions,
      topPostNumber: counts!.top,
      ms: 0,
    };
  });
  // The dead row versions of the seed's counter updates reclaimed, and fresh planner statistics
  // for the tables that just grew: embedded PGlite has no autovacuum, and on PostgreSQL it would
  // get there only later.
  await database.execute(sql`vacuum analyze`);
  // The demo's activity lies in the past: the insights recompute every day, not just the recent
  // ones (the server runs the job, now or at its next start).
  await requestFullRefresh(database);
  return { ...summary, ms: Math.round(performance.now() - started) };
}

/** One line for logs and the command line. */
export function describeDemoSeed(s: DemoSeedSummary): string {
  const boards = s.boards.map((b) => `${b.name} (/b/${b.slug}, ${b.visibility}, ${b.posts} posts)`).join('; ');
  return (
    `Seeded ${s.posts} posts, ${s.votes} votes, ${s.comments} comments, ${s.statusChanges} status changes, ` +
    `${s.subscriptions} subscriptions, ${s.members} members (+${s.team} team), ${s.tags} tags in ${(s.ms / 1000).toFixed(1)} s. Boards: ${boards}.`
  );
}
