/**
 * The world the API fuzzer runs in: one person of each role, and things some of them may not
 * see, each carrying a marker string: a private board and its post, a pending, a rejected and a
 * deleted post, an internal note, a comment awaiting approval, a deleted comment, a draft
 * changelog entry, another member's email address, an outbox email and an audit event. An answer
 * to a role that contains a marker hidden from that role is a leak.
 *
 * The fuzzer's team members may legitimately change that world (publish the draft, make the
 * board public, demote themselves, sign out…). `restore()` puts back, in one statement, what
 * decides who may see a marker, and the actors' roles and sessions; the suite calls it after
 * every request that changed something. Test-only.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db, queryRows } from '@/server/db/client';
import {
  auditEvents,
  changelogEntries,
  changelogEntryPosts,
  comments,
  outbox,
  posts,
  tags,
  users,
  votes,
  workspaceSettings,
} from '@/server/db/schema';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { hashToken, issueAuthToken } from '@/server/identity/tokens';
import { createUnsubscribeToken } from '@/features/notifications/server/unsubscribe-token';
import { createTestActor, TEST_PASSWORD, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import type { FuzzRole } from './requests';
import { restoreStatement } from './restore';
import type { KnownValues } from './schema-arbitrary';

export interface Fixture {
  actors: Record<Exclude<FuzzRole, 'visitor'>, TestActor>;
  /** Marker strings each role must never receive. */
  hiddenFrom: Record<FuzzRole, Map<string, string>>;
  /** Secrets no answer may hold, whoever asks (by what they are). */
  secrets: Map<string, string>;
  /** Real ids, slugs and numbers, by parameter or field name, so requests reach real rows. */
  known: KnownValues;
  /** The slug of the private board, granted to nobody. */
  privateBoardSlug: string;
  restore(): Promise<void>;
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

export async function createFixture(): Promise<Fixture> {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();
  const marker = (what: string) => `ZQ${what}${tag}`;
  const M = {
    privateBoard: marker('PRIVATEBOARD'),
    privatePost: marker('PRIVATEPOST'),
    pendingPost: marker('PENDINGPOST'),
    rejectedPost: marker('REJECTEDPOST'),
    deletedPost: marker('DELETEDPOST'),
    internalNote: marker('INTERNALNOTE'),
    pendingComment: marker('PENDINGCOMMENT'),
    deletedComment: marker('DELETEDCOMMENT'),
    privateComment: marker('PRIVATECOMMENT'),
    draftEntry: marker('DRAFTENTRY'),
    outbox: marker('OUTBOX'),
    audit: marker('AUDIT'),
  };
  const otherEmail = `zqother${tag.toLowerCase()}@example.test`;

  await db()
    .update(workspaceSettings)
    .set({ setupCompletedAt: new Date(), access: 'public', moderation: 'off' })
    .where(eq(workspaceSettings.id, 1));

  const [member, moderator, admin, admin2, other] = await Promise.all([
    createTestActor('member', { displayName: 'Fuzz member' }),
    createTestActor('moderator', { displayName: 'Fuzz moderator' }),
    createTestActor('admin', { displayName: 'Fuzz admin' }),
    // A second admin, so the fuzzed one may demote or delete itself.
    createTestActor('admin', { displayName: 'Standby admin' }),
    createTestActor('member', { email: otherEmail, displayName: 'Other member' }),
  ]);

  const publicBoard = await insertBoard({ slug: `ideas-${tag.toLowerCase()}`, name: 'Ideas' });
  const teamBoard = await insertBoard({ slug: `news-${tag.toLowerCase()}`, name: 'News', posting: 'team' });
  const archivedBoard = await insertBoard({ slug: `old-${tag.toLowerCase()}`, name: 'Old ideas', archivedAt: new Date() });
  const privateBoard = await insertBoard({
    slug: `hidden-${tag.toLowerCase()}`,
    name: M.privateBoard.slice(0, 50),
    description: M.privateBoard,
    visibility: 'private',
  });

  const done = await statusBySlug('complete').catch(() => statusBySlug('planned'));
  const publicPost = await insertPost(publicBoard.id, { authorId: other.id, title: 'Dark mode for the dashboard', body: 'Please.' });
  const memberPost = await insertPost(publicBoard.id, { authorId: member.id, title: 'Export to CSV', body: 'Mine.' });
  const donePost = await insertPost(publicBoard.id, { authorId: other.id, title: 'Shipped already', statusId: done.id });
  const archivedPost = await insertPost(archivedBoard.id, { authorId: other.id, title: 'An old idea' });
  const teamPost = await insertPost(teamBoard.id, { authorId: admin.id, title: 'Team news' });
  const privatePost = await insertPost(privateBoard.id, { authorId: other.id, title: M.privatePost, body: M.privatePost });
  const pendingPost = await insertPost(publicBoard.id, {
    authorId: other.id,
    title: M.pendingPost,
    body: M.pendingPost,
    approval: 'pending',
  });
  const rejectedPost = await insertPost(publicBoard.id, {
    authorId: other.id,
    title: M.rejectedPost,
    body: M.rejectedPost,
    approval: 'rejected',
  });
  const deletedPost = await insertPost(publicBoard.id, {
    authorId: other.id,
    title: M.deletedPost,
    body: M.deletedPost,
    deletedAt: new Date(),
  });
  const mergedPost = await insertPost(publicBoard.id, {
    authorId: other.id,
    title: 'Night theme',
    mergedIntoId: publicPost.id,
    mergedAt: new Date(),
  });

  await db()
    .insert(votes)
    .values([
      { postId: publicPost.id, userId: other.id },
      { postId: publicPost.id, userId: member.id },
      { postId: pendingPost.id, userId: other.id },
    ]);
  await db()
    .update(posts)
    .set({ voteCount: sql`(select count(*) from votes where votes.post_id = posts.id)` })
    .where(sql`${posts.id} in (${publicPost.id}, ${pendingPost.id})`);

  const commentRows = await db()
    .insert(comments)
    .values([
      { postId: publicPost.id, authorId: other.id, body: 'Yes, my eyes hurt at night.' },
      { postId: publicPost.id, authorId: member.id, body: 'Agreed.' },
      { postId: publicPost.id, authorId: moderator.id, body: M.internalNote, internal: true },
      { postId: publicPost.id, authorId: other.id, body: M.pendingComment, approval: 'pending' },
      { postId: publicPost.id, authorId: other.id, body: M.deletedComment, deletedAt: new Date() },
      { postId: privatePost.id, authorId: other.id, body: M.privateComment },
    ])
    .returning();
  await db().update(posts).set({ commentCount: 2 }).where(eq(posts.id, publicPost.id));

  const tagRows = await db()
    .insert(tags)
    .values([
      { name: `Dashboard ${tag}`, color: '#112233' },
      { name: `Billing ${tag}`, color: '#445566' },
    ])
    .returning();

  const [published] = await db()
    .insert(changelogEntries)
    .values({
      slug: `shipped-${tag.toLowerCase()}`,
      title: 'Dark mode shipped',
      body: 'It is here.',
      label: 'new',
      state: 'published',
      publishedAt: new Date(),
      authorId: admin.id,
    })
    .returning();
  await db().insert(changelogEntryPosts).values({ entryId: published!.id, postId: donePost.id });
  const draftSlug = `draft-${tag.toLowerCase()}`;
  const [draft] = await db()
    .insert(changelogEntries)
    .values({ slug: draftSlug, title: M.draftEntry, body: M.draftEntry, label: 'new', state: 'draft', authorId: admin.id })
    .returning();
  await db().insert(changelogEntryPosts).values({ entryId: draft!.id, postId: publicPost.id });

  await db()
    .insert(outbox)
    .values({
      recipient: otherEmail,
      kind: 'fuzz',
      subject: M.outbox,
      payload: { text: M.outbox, html: `<p>${M.outbox}</p>` },
      sentAt: new Date(),
    });
  await db()
    .insert(auditEvents)
    .values({ actorId: admin.id, actorLabel: admin.email, action: 'fuzz.fixture', after: { note: M.audit } });

  const tokens = {
    reset: await issueAuthToken(db(), 'reset_password', { userId: member.id, email: member.email }),
    magic: await issueAuthToken(db(), 'magic_link', { userId: member.id, email: member.email }),
    verify: await issueAuthToken(db(), 'verify_email', { userId: member.id, email: member.email }),
    // As the app makes them (invitation-service.ts): the role, the invitation's id and who made the link.
    invite: await issueAuthToken(db(), 'invite', {
      userId: null,
      email: 'invited@example.test',
      data: { role: 'member', invitationId: randomUUID(), invitedBy: admin.id },
    }),
    unsubscribe: await createUnsubscribeToken(db(), { userId: member.id, kinds: 'all' }),
  };

  const [settings] = await db().select().from(workspaceSettings).where(eq(workspaceSettings.id, 1));
  const actors = { member, moderator, admin };
  const everyone = [member, moderator, admin, admin2, other];
  const userRows = await db()
    .select({ id: users.id, role: users.role, email: users.email, displayName: users.displayName, passwordHash: users.passwordHash })
    .from(users)
    .where(
      sql`${users.id} in (${sql.join(
        everyone.map((a) => sql`${a.id}`),
        sql`, `,
      )})`,
    );
  const passwordHash = userRows[0]!.passwordHash!;

  const notForMembers = new Map(
    Object.entries({
      'private board name': M.privateBoard,
      'private post': M.privatePost,
      'comment on a private post': M.privateComment,
      'pending post of another member': M.pendingPost,
      'rejected post': M.rejectedPost,
      'deleted post': M.deletedPost,
      'internal note': M.internalNote,
      'comment awaiting approval': M.pendingComment,
      'deleted comment': M.deletedComment,
      'draft changelog entry': M.draftEntry,
      "another member's email": otherEmail,
      'outbox email': M.outbox,
      'audit event': M.audit,
    }),
  );
  const notForModerators = new Map(Object.entries({ 'outbox email': M.outbox, 'audit event': M.audit }));
  const secrets = new Map<string, string>([
    ['password hash', passwordHash],
    ...everyone.map((a) => [`session token of ${a.displayName}`, tokenOf(a.cookie)] as [string, string]),
    ...everyone.map((a) => [`session token hash of ${a.displayName}`, hashToken(tokenOf(a.cookie))] as [string, string]),
    ['password reset token hash', hashToken(tokens.reset)],
    ['magic link token hash', hashToken(tokens.magic)],
  ]);
  const signing = await queryRows<{ purpose: string; secret: string }>(sql`select purpose, secret from signing_keys`);
  for (const k of signing) secrets.set(`signing key (${k.purpose})`, k.secret);

  const numbers = [
    publicPost,
    memberPost,
    donePost,
    archivedPost,
    teamPost,
    privatePost,
    pendingPost,
    rejectedPost,
    deletedPost,
    mergedPost,
  ].map((p) => p.number);
  const commentIds = commentRows.map((c) => c.id);
  const statusRows = await queryRows<{ id: string; slug: string }>(sql`select id, slug from statuses`);
  const boardSlugs = [publicBoard, teamBoard, archivedBoard, privateBoard].map((b) => b.slug);
  const userIds = everyone.map((a) => a.id);
  const known: KnownValues = {
    number: [...numbers.map(String), `${publicPost.number}-dark-mode`, `${privatePost.number}-x`],
    into: numbers,
    postNumbers: numbers,
    board: boardSlugs,
    '/api/v1/comments/{id}:id': commentIds,
    '/api/v1/members/{id}:id': userIds,
    '/api/v1/members/{id}/ban:id': userIds,
    '/api/v1/members/{id}/verify:id': userIds,
    '/api/v1/statuses/{id}:id': statusRows.map((s) => s.id),
    '/api/v1/tags/{id}:id': tagRows.map((t) => t.id),
    '/api/v1/admin/changelog/{id}:id': [published!.id, draft!.id],
    '/api/v1/admin/changelog/{id}/publish:id': [published!.id, draft!.id],
    '/api/v1/admin/changelog/{id}/schedule:id': [published!.id, draft!.id],
    '/api/v1/admin/changelog/{id}/unpublish:id': [published!.id, draft!.id],
    '/api/v1/me/notifications/{id}/read:id': [1, 2, 3],
    slug: [published!.slug, draftSlug],
    status: statusRows.map((s) => s.slug),
    statusId: statusRows.map((s) => s.id),
    publishStatusId: statusRows.map((s) => s.id),
    moveTo: statusRows.map((s) => s.id),
    ids: [...statusRows.map((s) => s.id), publicBoard.id, privateBoard.id],
    tagIds: tagRows.map((t) => t.id),
    tag: tagRows.map((t) => t.name),
    grantedUserIds: userIds,
    label: ['new', 'improved', 'fixed'],
    email: [member.email, moderator.email, admin.email, 'newcomer@example.test'],
    password: [TEST_PASSWORD],
    currentPassword: [TEST_PASSWORD],
    token: [tokens.reset, tokens.magic, tokens.verify, tokens.unsubscribe],
    inviteToken: [tokens.invite],
    q: ['dark', 'mode', 'Dark mode', 'zz', 'o'],
    title: ['Dark mode', 'Dark mode for the dashboard', 'Export'],
  };

  const restoreSql = restoreStatement({
    users: userRows.map((u) => ({ id: u.id, role: u.role, email: u.email, display_name: u.displayName, password_hash: u.passwordHash })),
    sessions: everyone.map((a) => ({ token_hash: hashToken(tokenOf(a.cookie)), user_id: a.id })),
    settings: settings!,
    boards: [publicBoard, teamBoard, archivedBoard, privateBoard].map((b) => ({ ...b, archived: b.archivedAt !== null })),
    privateBoardId: privateBoard.id,
    posts: [publicPost, memberPost, donePost, archivedPost, teamPost, privatePost, pendingPost, rejectedPost, deletedPost].map((p) => ({
      id: p.id,
      board_id: p.boardId,
      author_id: p.authorId,
      title: p.title,
      body: p.body,
      approval: p.approval,
      deleted: p.deletedAt !== null,
    })),
    comments: commentRows.map((c) => ({ ...c, post_id: c.postId, deleted: c.deletedAt !== null })),
    draft: { id: draft!.id, slug: draftSlug, text: M.draftEntry, authorId: admin.id },
  });

  return {
    actors,
    privateBoardSlug: privateBoard.slug,
    hiddenFrom: { visitor: notForMembers, member: notForMembers, moderator: notForModerators, admin: new Map() },
    secrets,
    known,
    restore: async () => {
      const [row] = await queryRows<{ repaired: number | string }>(restoreSql);
      // The rows were written behind the API's back: no visitor copy may outlive them.
      if (Number(row?.repaired ?? 0) > 0) bumpContentGeneration();
    },
  };
}
