/** Export and import through their routes, as an admin, on the lane's driver. */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@/composition/demo/seed';
import { db, queryRows } from '@/server/db/client';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import type { WorkspaceExport } from './format';
import { exportRoute, importRoute } from './handlers';

useTestDatabase();
let admin: TestActor;
let member: TestActor;

const count = async (table: string) => (await queryRows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/** Leaves a workspace with no content and one admin, as a fresh install after setup would be. */
async function emptyWorkspace() {
  await db().execute(sql`truncate posts, boards, tags, changelog_entries, changelog_labels, audit_events cascade`);
  await db().execute(sql`delete from users where id <> ${admin.id}`);
  await db().execute(sql`delete from companies`);
  await db().execute(sql`update workspace_settings set default_locale = 'en', widget_origins = '{}' where id = 1`);
}

const exportAs = (who: TestActor) => callRoute<WorkspaceExport>(exportRoute, { as: who });
const importAs = (who: TestActor, body: unknown) => callRoute(importRoute, { method: 'POST', origin: 'self', as: who, body });

beforeAll(async () => {
  ({ admin, member } = await createRoleActors());
  await seedDemo(db(), { posts: 30, members: 6, seed: 'export', now: new Date('2026-03-01T12:00:00Z') });
  // Settings away from their defaults, so an import that dropped them would show.
  await db().execute(sql`update workspace_settings set default_locale = 'de', widget_origins = '{https://app.example.com}' where id = 1`);
  // Companies as identify tokens record them (docs/identify.md): one with a revenue beyond 32 bits, one without.
  await db().execute(sql`insert into companies (external_id, name, monthly_revenue_cents)
    values ('acme', 'Acme Inc.', 12345678901), ('initech', 'Initech', null)`);
  await db().execute(sql`update users set external_id = 'cust-' || email, company_id = (select id from companies where external_id = 'acme')
    where id in (select u.id from users u where u.role = 'member' and exists (select 1 from votes v where v.user_id = u.id) order by u.email limit 2)`);
});

describe('workspace export and import', () => {
  let exported: WorkspaceExport;

  it('exports the workspace for admins only, without secrets', async () => {
    expect((await callRoute(exportRoute)).status).toBe(401);
    expect((await exportAs(member)).status).toBe(403);
    const res = await exportAs(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="chorus-workspace-\d{4}-\d{2}-\d{2}\.json"$/);
    exported = res.json;
    expect(exported.posts).toHaveLength(30);
    expect(exported.votes.length).toBe(await count('votes'));
    expect(exported.comments.length).toBe(await count('comments'));
    expect(exported.statusChanges.length).toBe(await count('status_changes'));
    expect(exported.members.map((m) => m.email)).toContain(admin.email);
    expect(exported.workspace).toMatchObject({ defaultLocale: 'de', widgetOrigins: ['https://app.example.com'] });
    expect(exported.companies).toEqual([
      { id: 'acme', name: 'Acme Inc.', monthlyRevenueCents: 12345678901 },
      { id: 'initech', name: 'Initech', monthlyRevenueCents: null },
    ]);
    const ofAcme = exported.members.filter((m) => m.company === 'acme');
    expect(ofAcme).toHaveLength(2);
    for (const m of ofAcme) expect(m.externalId).toBe(`cust-${m.email}`);
    expect(res.text).not.toMatch(/password|argon2|token|secret/i);
    expect(await queryRows(sql`select 1 from audit_events where action = 'data.exported'`)).toHaveLength(1);
  });

  it('reports every bad row and imports nothing', async () => {
    await emptyWorkspace();
    const broken = structuredClone(exported);
    broken.posts[2]!.board = 'no-such-board';
    broken.posts[5]!.title = '';
    broken.votes[0]!.post = 999_999;
    const res = await importAs(admin, { source: 'chorus', file: broken });
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('VALIDATION_FAILED');
    expect(res.json.error?.fields).toMatchObject({ 'posts #6 (title)': expect.any(String) });
    const again = await importAs(admin, { source: 'chorus', file: { ...broken, posts: broken.posts.map((p, i) => (i === 5 ? exported.posts[5] : p)) } });
    expect(again.json.error?.fields).toEqual({ 'posts #3': 'unknown board "no-such-board"', 'votes #1': 'unknown post 999999' });
    const acmeMember = exported.members.findIndex((m) => m.company === 'acme');
    const badCompany = await importAs(admin, {
      source: 'chorus',
      file: {
        ...exported,
        companies: [...exported.companies, exported.companies[0]],
        members: exported.members.map((m, i) => (i === acmeMember ? { ...m, company: 'no-such-company' } : m)),
      },
    });
    expect(badCompany.json.error?.fields).toEqual({
      'companies #3': 'company id "acme" appears twice (also companies #1)',
      [`members #${acmeMember + 1}`]: 'unknown company "no-such-company"',
    });
    expect(await count('companies')).toBe(0);
    expect(await count('posts')).toBe(0);
    expect(await count('users')).toBe(1);
  });

  it('orders people created within one millisecond by email: the file keeps milliseconds only', async () => {
    await db().execute(
      sql`insert into users (email, display_name, created_at) values
            ('zz-same-ms@example.test', 'Z', '2026-01-01T00:00:00.0001Z'), ('aa-same-ms@example.test', 'A', '2026-01-01T00:00:00.0009Z')`,
    );
    const emails = (await exportAs(admin)).json.members.map((m) => m.email);
    expect(emails.indexOf('aa-same-ms@example.test')).toBeGreaterThanOrEqual(0);
    expect(emails.indexOf('aa-same-ms@example.test')).toBe(emails.indexOf('zz-same-ms@example.test') - 1);
    await db().execute(sql`delete from users where email in ('zz-same-ms@example.test', 'aa-same-ms@example.test')`);
  });

  it('imports an export into an empty workspace, and exporting again gives the same file', async () => {
    const res = await importAs(admin, { source: 'chorus', file: exported });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ source: 'chorus', posts: 30, votes: exported.votes.length });
    const { exportedAt: _a, ...before } = exported;
    const { exportedAt: _b, ...after } = (await exportAs(admin)).json;
    expect(after).toEqual(before);
    // Counters agree with the rows, and new posts continue the numbering.
    expect(await queryRows(sql`select number from posts p where vote_count <> (select count(*) from votes v where v.post_id = p.id)`)).toEqual([]);
    const [next] = await queryRows<{ number: number }>(sql`insert into posts (board_id, title) select id, 'Next' from boards limit 1 returning number`);
    expect(next!.number).toBe(Math.max(...exported.posts.map((p) => p.number)) + 1);
    expect(await queryRows(sql`select 1 from audit_events where action = 'data.imported'`)).toHaveLength(1);
  });

  it('refuses a workspace export into a workspace that has posts', async () => {
    const posts = await count('posts');
    const res = await importAs(admin, { source: 'chorus', file: exported });
    expect(res.status).toBe(409);
    expect(await count('posts')).toBe(posts);
  });

  it('is for admins only', async () => {
    const someone = await createTestActor('member');
    expect((await importAs(someone, { source: 'chorus', file: exported })).status).toBe(403);
  });
});

describe('CSV imports', () => {
  it('imports Canny posts and votes, creating boards and passwordless members', async () => {
    await emptyWorkspace();
    const posts = [
      'ID,Title,Details,Board,Status,Author Name,Author Email,Created At,Tags',
      'c1,Dark mode please,"Night owls, unite.\nSecond line",Feature Requests,Under Review,Ann,ann@example.test,2024-01-05T10:00:00Z,"ui, theme"',
      'c2,Export to PDF,,Feature Requests,planned,Bob,bob@example.test,2024-02-01T10:00:00Z,',
    ].join('\r\n');
    const votes = [
      'Post ID,Voter Name,Voter Email,Created At',
      'c1,Cy,cy@example.test,2024-01-06',
      'c1,Ann,ann@example.test,2024-01-07',
      'c2,Cy,cy@example.test,',
    ].join('\n');
    const res = await importAs(admin, { source: 'canny', posts, votes });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ source: 'canny', posts: 2, votes: 3, boards: 1, members: 3 });
    const rows = await queryRows<{ title: string; body: string; board: string; status: string; votes: number; author: string; tags: string }>(sql`
      select p.title, p.body, b.slug as board, s.slug as status, p.vote_count as votes, u.email as author,
        (select string_agg(t.name, ',' order by t.name) from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id = p.id) as tags
      from posts p join boards b on b.id = p.board_id join statuses s on s.id = p.status_id join users u on u.id = p.author_id order by p.number`);
    expect(rows).toEqual([
      {
        title: 'Dark mode please',
        body: 'Night owls, unite.\nSecond line',
        board: 'feature-requests',
        status: 'under-review',
        votes: 2,
        author: 'ann@example.test',
        tags: 'theme,ui',
      },
      { title: 'Export to PDF', body: '', board: 'feature-requests', status: 'planned', votes: 1, author: 'bob@example.test', tags: null },
    ]);
    expect(await queryRows(sql`select email from users where email like '%@example.test' and password_hash is null order by email`)).toEqual([
      { email: 'ann@example.test' },
      { email: 'bob@example.test' },
      { email: 'cy@example.test' },
    ]);
  });

  it('reports bad rows by file and line, and imports nothing', async () => {
    await emptyWorkspace();
    const posts = ['ID,Title,Board,Status', 'c1,Fine title,Ideas,open', 'c2,,Ideas,open', 'c3,Another,Ideas,Someday maybe'].join('\n');
    const votes = ['Post ID,Voter Email', 'c9,x@example.test', 'c1,'].join('\n');
    const res = await importAs(admin, { source: 'canny', posts, votes });
    expect(res.status).toBe(422);
    expect(res.json.error?.fields).toEqual({
      'posts.csv line 3': expect.stringMatching(/^title: /),
      'votes.csv line 2': 'no post "c9" in posts.csv',
      'votes.csv line 3': 'no voter email',
    });
    const fixedTitle = await importAs(admin, { source: 'canny', posts: posts.replace('c2,,', 'c2,A title,') });
    expect(fixedTitle.json.error?.fields).toEqual({ 'posts.csv line 4': 'unknown status "someday-maybe"' });
    expect(await count('posts')).toBe(0);
    expect(await count('boards')).toBe(0);
  });

  it('imports a Fider posts export (with its responses as status history) and votes', async () => {
    await emptyWorkspace();
    await insertBoard({ slug: 'ideas', name: 'Ideas' });
    const posts = [
      'number,title,description,created_at,created_by,votes_count,comments_count,status,responded_by,responded_at,response,original_number,original_title,tags',
      '10,Go is fast,Very tiny description,2018-03-23T19:33:22Z,Faceless,4,2,Declined,John Snow,2018-04-04T19:48:10Z,Nothing we need to do,,,"easy, ignored"',
      '15,Go is great,,2018-02-21T15:51:35Z,Someone else,4,2,Open,,,,,,',
      '20,Go is easy,,2018-01-12T01:46:59Z,Faceless,4,2,Duplicate,Arya Stark,2018-03-17T10:15:42Z,This has already been suggested,15,Go is great,',
    ].join('\n');
    const votes = ['number,email,name,created_at', '15,dee@example.test,Dee,2018-02-22T00:00:00Z', '10,dee@example.test,Dee,'].join('\n');
    const noBoard = await importAs(admin, { source: 'fider', posts, votes });
    expect(noBoard.json.error?.fields).toMatchObject({ 'posts.csv line 2': expect.stringContaining('board') });
    const res = await importAs(admin, { source: 'fider', board: 'ideas', posts, votes });
    expect(res.status).toBe(200);
    const rows = await queryRows<{ title: string; status: string; merged: string | null; votes: number; note: string | null }>(sql`
      select p.title, s.slug as status, m.title as merged, p.vote_count as votes,
        (select note from status_changes sc where sc.post_id = p.id) as note
      from posts p join statuses s on s.id = p.status_id left join posts m on m.id = p.merged_into_id order by p.number`);
    expect(rows).toEqual([
      { title: 'Go is fast', status: 'closed', merged: null, votes: 1, note: 'Nothing we need to do' },
      { title: 'Go is great', status: 'open', merged: null, votes: 1, note: null },
      { title: 'Go is easy', status: 'closed', merged: 'Go is great', votes: 0, note: 'This has already been suggested' },
    ]);
  });
});

describe('older files', () => {
  it('imports a first-version file that lacks the later parts, with their defaults', async () => {
    await emptyWorkspace();
    await db().execute(sql`update workspace_settings set default_locale = 'de', widget_origins = '{https://app.example.com}' where id = 1`);
    const file = {
      format: 'chorus.workspace-export',
      version: 1,
      exportedAt: '2025-01-01T00:00:00Z',
      // Before the default language and the widget's origins; no companies, no changelog.
      workspace: {
        name: 'Old place',
        accentColor: '#112233',
        defaultTheme: 'system',
        access: 'public',
        signupPolicy: 'open',
        allowedDomains: [],
        moderation: 'off',
      },
      boards: [{ slug: 'ideas', name: 'Ideas' }],
      posts: [{ number: 7, board: 'ideas', author: 'old@example.test', title: 'An old idea' }],
      votes: [{ post: 7, member: 'voter@example.test' }],
    };
    const res = await importAs(admin, { source: 'chorus', file });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ posts: 1, votes: 1, boards: 1, members: 2, changelogEntries: 0 });
    const after = (await exportAs(admin)).json;
    expect(after.workspace).toMatchObject({ name: 'Old place', defaultLocale: 'en', widgetOrigins: [] });
    expect(after.posts).toEqual([expect.objectContaining({ number: 7, board: 'ideas', author: 'old@example.test', tags: [], approval: 'approved' })]);
    expect(after.votes).toEqual([expect.objectContaining({ post: 7, member: 'voter@example.test', castBy: null, mergedFrom: null })]);
  });
});
