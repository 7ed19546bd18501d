import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { triageCountsDrift } from '@/features/posts/server/triage-facet-queries';
import { db, queryRows } from '@/server/db/client';
import { useTestDatabase } from '@/test/db';
import { createTestActor } from '@/test/actors';
import { DEMO_BOARD_SLUGS } from './boards';
import { planDemo } from './plan';
import { createRng } from './prng';
import { DemoAlreadySeededError, seedDemo } from './seed';

const database = useTestDatabase();
const NOW = new Date('2026-03-01T12:00:00Z');

describe('seedDemo', () => {
  it('fills a realistic workspace whose counters agree with the rows', async () => {
    const admin = await createTestActor('admin');
    const summary = await seedDemo(database.handle.db, { now: NOW });

    expect(summary.posts).toBe(300);
    expect(summary.boards.map((b) => b.slug)).toEqual(DEMO_BOARD_SLUGS);
    expect(summary.boards.some((b) => b.visibility === 'private')).toBe(true);
    expect(summary.members).toBe(40);
    expect(summary.votes).toBeGreaterThan(1500);
    expect(summary.comments).toBeGreaterThan(300);
    expect(summary.tags).toBe(12);
    expect(summary.topPostNumber).not.toBeNull();

    // Every post: vote_count = its votes, comment_count = its visible comments.
    const mismatched = await queryRows<{ number: number }>(sql`
      select p.number from posts p
      where p.vote_count <> (select count(*) from votes v where v.post_id = p.id)
         or p.comment_count <> (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null
           and not c.internal and c.approval = 'approved')`);
    expect(mismatched).toEqual([]);
    // The triage list's kept counts too, compacted to one row per key.
    expect(await triageCountsDrift(db())).toEqual([]);
    const [kept] = await queryRows<{ rows: number; keys: number }>(sql`select count(*)::int as rows,
      (select count(*)::int from (select distinct tag_id, board_id, status_id, approval, responded, owner_id from triage_counts) k) as keys
      from triage_counts`);
    expect(kept!.rows).toBe(kept!.keys);

    const [shape] = await queryRows<Record<string, number>>(sql`select
      (select count(*)::int from posts) as posts,
      (select count(distinct status_id)::int from posts where status_id is not null) as statuses_used,
      (select count(*)::int from posts where status_id is null) as untriaged,
      (select count(*)::int from posts where status_id is not null and (status_changed_at is null or not exists
        (select 1 from status_changes s where s.post_id = posts.id and s.to_status_id = posts.status_id and
          s.created_at = posts.status_changed_at))) as bad_status_history,
      (select count(*)::int from posts where status_id is null and exists (select 1 from status_changes s where
        s.post_id = posts.id)) as history_without_status,
      (select count(*)::int from posts where vote_count > 0 and trending_score <= 0) as missing_trending,
      (select count(*)::int from posts where activity_at < created_at or created_at > ${NOW.toISOString()}::timestamptz) as bad_dates,
      (select count(*)::int from posts where created_at < ${NOW.toISOString()}::timestamptz - interval '181 days') as too_old,
      (select count(*)::int from comments where internal) as internal_notes,
      (select count(*)::int from status_changes where note <> '') as public_notes,
      (select count(*)::int from posts p where not exists (select 1 from subscriptions s where s.post_id = p.id
        and s.user_id = p.author_id)) as authors_unsubscribed,
      (select count(*)::int from votes v where not exists (select 1 from subscriptions s where s.post_id =
        v.post_id and s.user_id = v.user_id)) as voters_unsubscribed,
      (select max(vote_count)::int from posts) as max_votes,
      (select percentile_disc(0.5) within group (order by vote_count)::int from posts) as median_votes,
      (select count(*)::int from statuses) as statuses_total,
      (select count(*)::int from posts where team_responded_at is null) as unanswered,
      (select count(*)::int from posts p where p.team_responded_at is distinct from (select min(at) from (
        select s.created_at as at from status_changes s where s.post_id = p.id
        union all select c.created_at from comments c join users u on u.id = c.author_id where c.post_id = p.id
          and u.role in ('moderator', 'admin') and not c.internal and c.deleted_at is null and c.approval = 'approved'
      ) answers)) as bad_answered`);
    expect(shape!.posts).toBe(300);
    expect(shape!.statuses_used).toBe(shape!.statuses_total);
    expect(shape!.untriaged).toBeGreaterThan(0);
    expect(shape!.bad_status_history).toBe(0);
    expect(shape!.history_without_status).toBe(0);
    expect(shape!.missing_trending).toBe(0);
    expect(shape!.bad_dates).toBe(0);
    expect(shape!.too_old).toBe(0);
    expect(shape!.internal_notes).toBeGreaterThan(0);
    expect(shape!.public_notes).toBeGreaterThan(0);
    expect(shape!.authors_unsubscribed).toBe(0);
    // "The team has not responded" as the app keeps it: the first status change or public team comment.
    expect(shape!.bad_answered).toBe(0);
    expect(shape!.unanswered).toBeGreaterThan(0);
    expect(shape!.unanswered).toBeLessThan(shape!.posts!);
    expect(shape!.voters_unsubscribed).toBe(0);
    // Skewed: a few posts are far more popular than the typical one.
    expect(shape!.max_votes).toBeGreaterThan(3 * shape!.median_votes!);

    // The private board's posts come from granted members or the team only.
    const [leak] = await queryRows<{ n: number }>(sql`
      select count(*)::int as n from posts p join boards b on b.id = p.board_id join users u on u.id = p.author_id
      where b.visibility = 'private' and u.role = 'member' and not exists (select 1 from board_members m where m.board_id = b.id and m.user_id = u.id)`);
    expect(leak!.n).toBe(0);

    // Names are plain: the pages mark team members (a "(team)" in the name showed it twice).
    const [marked] = await queryRows<{ n: number }>(sql`select count(*)::int as n from users where display_name ilike '%(team)%'`);
    expect(marked!.n).toBe(0);
    const [team] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from users where email like '%.team@demo.chorus.example' and role = 'moderator'`,
    );
    expect(team!.n).toBe(2);

    // The existing admin is part of the demo team.
    const [byAdmin] = await queryRows<{ n: number }>(sql`select count(*)::int as n from status_changes where by_id = ${admin.id}`);
    expect(byAdmin!.n).toBeGreaterThan(0);
  });

  it('refuses to seed twice and changes nothing', async () => {
    const [before] = await queryRows<{ n: number }>(sql`select count(*)::int as n from posts`);
    await expect(seedDemo(database.handle.db, { now: NOW })).rejects.toBeInstanceOf(DemoAlreadySeededError);
    const [after] = await queryRows<{ n: number }>(sql`select count(*)::int as n from posts`);
    expect(after!.n).toBe(before!.n);
  });
});

describe('planDemo', () => {
  const input = (posts: number, seed = 's') => ({
    rng: createRng(seed),
    now: NOW.getTime(),
    postCount: posts,
    boards: [
      {
        id: 'b1',
        def: { slug: 'x', name: 'X', description: '', visibility: 'public' as const, share: 1, kind: 'feature' as const },
        voterIds: Array.from({ length: 200 }, (_, i) => `u${i}`),
      },
    ],
    statuses: [
      { id: 's1', category: 'open', position: 0 },
      { id: 's2', category: 'planned', position: 1 },
      { id: 's3', category: 'done', position: 2 },
    ],
    tagIds: ['t1', 't2', 't3'],
    teamIds: ['team'],
  });

  it('scales with --posts and is deterministic for a seed', () => {
    const big = planDemo(input(10_000));
    expect(big.posts).toHaveLength(10_000);
    expect(big.votes.length).toBeGreaterThan(50_000);
    const titles = (p: ReturnType<typeof planDemo>) => p.posts.slice(0, 20).map((x) => x.title);
    expect(titles(planDemo(input(50)))).toEqual(titles(planDemo(input(50))));
    expect(titles(planDemo(input(50, 'other')))).not.toEqual(titles(planDemo(input(50))));
    // No duplicate vote for a (post, user).
    expect(new Set(big.votes.map((v) => `${v.post_id}/${v.user_id}`)).size).toBe(big.votes.length);
    expect(big.posts.every((p) => p.title.length >= 4 && p.title.length <= 120)).toBe(true);
  });
});
