/**
 * Notifications end to end at the request level: a real status change, comment or post event,
 * the jobs run as the server runs them, and what came out: outbox rows (the email record), the
 * bell's count, the in-app list. Issue 9 "done when" 1 and 4, and each rule.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mentionToken } from '@/core/mentions';
import { exportRoute, meRoute } from '@/features/accounts/server/me-handlers';
import { postStatusRoute } from '@/features/posts/server/triage-handlers';
import { db } from '@/server/db/client';
import {
  comments,
  notificationPreferences,
  notifications,
  outbox,
  rateLimits,
  subscriptions,
  users,
  votes,
  workspaceSettings,
} from '@/server/db/schema';
import { emitEvent } from '@/server/events';
import { createTestActor, type TestActor } from '@/test/actors';
import { grantBoard, insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import { markAllReadRoute, markReadRoute, myNotificationsRoute, preferencesRoute, unreadCountRoute, unsubscribeRoute } from './me-handlers';
import { notifyAdmins, notifyPeople } from './notify-service';

useTestDatabase();

beforeEach(async () => {
  await runJobs();
  await db().delete(rateLimits);
});

const emailsTo = async (who: TestActor) => db().select().from(outbox).where(eq(outbox.recipient, who.email));
/** Notification rows written for this person, whatever the list or the digest would show of them. */
const rowsFor = async (who: TestActor) =>
  Number(
    (
      (await db().execute(sql`select count(*)::int as n from notifications where recipient_id = ${who.id}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );
const unread = async (who: TestActor) => (await callRoute(unreadCountRoute, { as: who })).json.unread as number;

async function setStatus(moderator: TestActor, number: number, slug: string, note = '') {
  const status = await statusBySlug(slug);
  const res = await callRoute(postStatusRoute, {
    method: 'POST',
    params: { number: String(number) },
    body: { statusId: status.id, note },
    origin: 'self',
    as: moderator,
  });
  expect(res.status).toBe(200);
  await runJobs();
}

async function publicPostWithVoters(n: number) {
  const board = await insertBoard();
  const post = await insertPost(board.id, { title: 'Dark mode' });
  const voters = await Promise.all(Array.from({ length: n }, () => createTestActor('member')));
  await db()
    .insert(votes)
    .values(voters.map((v) => ({ postId: post.id, userId: v.id })));
  return { board, post, voters };
}

/** The unsubscribe link's token, from the email's List-Unsubscribe header. */
function oneClickUrl(email: typeof outbox.$inferSelect): URL {
  const header = email.payload.headers?.['List-Unsubscribe'];
  expect(header).toMatch(/^<http.*\/api\/v1\/unsubscribe\?token=.+>$/);
  return new URL(header!.slice(1, -1));
}

describe('done when 1: a status change with a public note', () => {
  it('emails each voter once with a one-click unsubscribe, shows 1 on their bell, tells the moderator nothing', async () => {
    const moderator = await createTestActor('moderator');
    const { post, voters } = await publicPostWithVoters(3);
    // The moderator voted too: they caused the change and hear nothing of it.
    await db().insert(votes).values({ postId: post.id, userId: moderator.id });

    await setStatus(moderator, post.number, 'planned', 'Coming **next** quarter.');

    for (const voter of voters) {
      const mails = await emailsTo(voter);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Dark mode');
      expect(mails[0]!.subject).toContain('Planned');
      expect(mails[0]!.payload.text).toContain('Coming **next** quarter.');
      expect(mails[0]!.payload.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mails[0]!.payload.html).toContain('/settings/notifications');
      expect(await unread(voter)).toBe(1);
    }
    expect(await emailsTo(moderator)).toHaveLength(0);
    expect(await unread(moderator)).toBe(0);

    // One-click, as a mail provider sends it: cross-site, no session, form body.
    const voter = voters[0]!;
    const url = oneClickUrl((await emailsTo(voter))[0]!);
    const res = await callRoute(unsubscribeRoute, {
      method: 'POST',
      path: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://mail.example' },
      rawBody: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);

    await setStatus(moderator, post.number, 'in-progress');
    expect(await emailsTo(voter)).toHaveLength(1);
    expect(await emailsTo(voters[1]!)).toHaveLength(2);
  });

  it('refuses a forged or altered unsubscribe token with 410, changing nothing', async () => {
    const moderator = await createTestActor('moderator');
    const { post, voters } = await publicPostWithVoters(1);
    await setStatus(moderator, post.number, 'planned');
    const url = oneClickUrl((await emailsTo(voters[0]!))[0]!);
    const token = url.searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: moderator.id, k: 'all', e: 9e9 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.x${signature!.slice(1)}`, 'nonsense']) {
      const res = await callRoute(unsubscribeRoute, { method: 'POST', query: { token: bad } });
      expect(res.status).toBe(410);
      expect(res.json.error?.code).toBe('TOKEN_INVALID');
    }
    await setStatus(moderator, post.number, 'in-progress');
    expect(await emailsTo(voters[0]!)).toHaveLength(2);
  });
});

describe('done when 4: mentions', () => {
  it('a mention of someone who cannot see a private board notifies nobody', async () => {
    const author = await createTestActor('member');
    const outsider = await createTestActor('member', { displayName: 'Outsider' });
    const insider = await createTestActor('member', { displayName: 'Insider' });
    const board = await insertBoard({ visibility: 'private' });
    await grantBoard(board.id, author.id);
    await grantBoard(board.id, insider.id);
    const post = await insertPost(board.id, {
      authorId: author.id,
      body: `Ping ${mentionToken('Outsider', outsider.id)} and ${mentionToken('Insider', insider.id)}`,
    });
    await emitEvent(db(), { type: 'post.created', postId: post.id, actorId: author.id });
    await runJobs();

    expect(await rowsFor(outsider)).toBe(0);
    expect(await unread(outsider)).toBe(0);
    expect(await emailsTo(outsider)).toHaveLength(0);
    // The same mention of someone who can see the board does notify (the test can fail).
    expect(await unread(insider)).toBe(1);
    expect(await emailsTo(insider)).toHaveLength(1);
  });

  it('an internal note mentions team members only, and its subscribers hear of it only if on the team', async () => {
    const board = await insertBoard();
    const member = await createTestActor('member', { displayName: 'Member' });
    const moderator = await createTestActor('moderator');
    const admin = await createTestActor('admin');
    const post = await insertPost(board.id, { authorId: member.id });
    await db()
      .insert(subscriptions)
      .values([
        { postId: post.id, userId: member.id },
        { postId: post.id, userId: admin.id },
      ]);
    const [note] = await db()
      .insert(comments)
      .values({ postId: post.id, authorId: moderator.id, internal: true, body: `Ask ${mentionToken('Member', member.id)} later` })
      .returning();
    await emitEvent(db(), { type: 'comment.created', postId: post.id, commentId: Number(note!.id), actorId: moderator.id });
    await runJobs();

    expect(await rowsFor(member)).toBe(0);
    expect(await emailsTo(member)).toHaveLength(0);
    expect(await unread(admin)).toBe(1);
    expect(await unread(moderator)).toBe(0);
  });

  it('a public comment notifies subscribers, and a mentioned subscriber once (of the mention)', async () => {
    const board = await insertBoard();
    const [a, b, writer] = await Promise.all([createTestActor('member'), createTestActor('member'), createTestActor('member')]);
    const post = await insertPost(board.id);
    await db()
      .insert(subscriptions)
      .values([a, b, writer].map((u) => ({ postId: post.id, userId: u.id })));
    const [c] = await db()
      .insert(comments)
      .values({ postId: post.id, authorId: writer.id, body: `Thanks ${mentionToken('A', a.id)}` })
      .returning();
    await emitEvent(db(), { type: 'comment.created', postId: post.id, commentId: Number(c!.id), actorId: writer.id });
    await runJobs();

    const listA = (await callRoute(myNotificationsRoute, { as: a })).json.items as { kind: string; path: string }[];
    expect(listA.map((i) => i.kind)).toEqual(['mention']);
    expect(listA[0]!.path).toBe(`/p/${post.number}#comment-${c!.id}`);
    const listB = (await callRoute(myNotificationsRoute, { as: b })).json.items as { kind: string }[];
    expect(listB.map((i) => i.kind)).toEqual(['comment']);
    expect(await unread(writer)).toBe(0);
  });
});

describe('rules', () => {
  it('never notifies banned, deleted or (where confirmation is required) unconfirmed people', async () => {
    const moderator = await createTestActor('moderator');
    const { post, voters } = await publicPostWithVoters(4);
    const [banned, deleted, unconfirmed, ok] = voters;
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned!.id));
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted!.id));
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unconfirmed!.id));
    await db().update(workspaceSettings).set({ emailConfirmation: 'required' });
    try {
      await setStatus(moderator, post.number, 'planned');
    } finally {
      await db().update(workspaceSettings).set({ emailConfirmation: 'auto' });
    }
    for (const who of [banned, deleted, unconfirmed]) expect(await emailsTo(who!)).toHaveLength(0);
    expect(await emailsTo(ok!)).toHaveLength(1);
    const rows = await db().execute(sql`select recipient_id from notifications where post_id = ${post.id}`);
    expect((rows as unknown as { rows: { recipient_id: string }[] }).rows.map((r) => r.recipient_id)).toEqual([ok!.id]);
  });

  it('tells nobody about a post they may not see (a private board they lost access to)', async () => {
    const moderator = await createTestActor('moderator');
    const board = await insertBoard({ visibility: 'private' });
    const post = await insertPost(board.id);
    const [granted, notGranted] = await Promise.all([createTestActor('member'), createTestActor('member')]);
    await grantBoard(board.id, granted.id);
    await db()
      .insert(votes)
      .values([granted, notGranted].map((v) => ({ postId: post.id, userId: v.id })));
    await setStatus(moderator, post.number, 'planned');
    expect(await emailsTo(granted)).toHaveLength(1);
    expect(await emailsTo(notGranted)).toHaveLength(0);
    expect(await unread(notGranted)).toBe(0);
    expect(await rowsFor(notGranted)).toBe(0);
  });

  it('batches a burst: ten posts changed in one session make one digest email', async () => {
    const moderator = await createTestActor('moderator');
    const follower = await createTestActor('member');
    const board = await insertBoard();
    const planned = await statusBySlug('planned');
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => insertPost(board.id, { title: `Idea ${i}` })));
    await db()
      .insert(votes)
      .values(many.map((p) => ({ postId: p.id, userId: follower.id })));
    for (const p of many) {
      const res = await callRoute(postStatusRoute, {
        method: 'POST',
        params: { number: String(p.number) },
        body: { statusId: planned.id, note: '' },
        origin: 'self',
        as: moderator,
      });
      expect(res.status).toBe(200);
    }
    await runJobs();
    const mails = await emailsTo(follower);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('10 updates');
    for (let i = 0; i < 10; i++) expect(mails[0]!.payload.text).toContain(`Idea ${i}`);
    expect(await unread(follower)).toBe(10);
  });

  it('refuses an event and channel given twice in one request with 422, not a 500 (found by the API fuzzer)', async () => {
    const me = await createTestActor('member');
    const res = await callRoute(preferencesRoute, {
      method: 'PUT',
      body: {
        preferences: [
          { kind: 'comment', channel: 'email', enabled: false },
          { kind: 'comment', channel: 'email', enabled: true },
        ],
      },
      origin: 'self',
      as: me,
    });
    expect(res.status).toBe(422);
    expect(res.json.error?.fields).toHaveProperty('preferences');
    expect(await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, me.id))).toEqual([]);
  });

  it('follows preferences: email off still shows in the app; both off writes nothing', async () => {
    const moderator = await createTestActor('moderator');
    const { post, voters } = await publicPostWithVoters(2);
    const [appOnly, none] = voters;
    const put = (who: TestActor, prefs: unknown[]) =>
      callRoute(preferencesRoute, { method: 'PUT', body: { preferences: prefs }, origin: 'self', as: who });
    expect((await put(appOnly!, [{ kind: 'status_changed', channel: 'email', enabled: false }])).status).toBe(200);
    expect(
      (
        await put(none!, [
          { kind: 'status_changed', channel: 'email', enabled: false },
          { kind: 'status_changed', channel: 'in_app', enabled: false },
        ])
      ).status,
    ).toBe(200);
    await setStatus(moderator, post.number, 'planned');
    expect(await emailsTo(appOnly!)).toHaveLength(0);
    expect(await unread(appOnly!)).toBe(1);
    expect(await emailsTo(none!)).toHaveLength(0);
    expect(await unread(none!)).toBe(0);
    // A member cannot choose the team's kinds.
    expect((await put(appOnly!, [{ kind: 'team_new_post', channel: 'in_app', enabled: true }])).status).toBe(422);
  });

  it('marks read one at a time and all at once; another person’s notification is 404', async () => {
    const moderator = await createTestActor('moderator');
    const { post, voters } = await publicPostWithVoters(2);
    await setStatus(moderator, post.number, 'planned');
    await setStatus(moderator, post.number, 'in-progress');
    const [me, other] = voters;
    const list = (await callRoute(myNotificationsRoute, { as: me! })).json.items as { id: number; read: boolean }[];
    expect(list).toHaveLength(2);
    const read = await callRoute(markReadRoute, { method: 'POST', params: { id: String(list[0]!.id) }, origin: 'self', as: me! });
    expect(read.json.unread).toBe(1);
    expect(
      (await callRoute(markReadRoute, { method: 'POST', params: { id: String(list[1]!.id) }, origin: 'self', as: other! })).status,
    ).toBe(404);
    expect((await callRoute(markAllReadRoute, { method: 'POST', origin: 'self', as: me! })).json.unread).toBe(0);
    expect(await unread(other!)).toBe(2);
  });

  it('notifyPeople applies the same rules (the changelog joins through it)', async () => {
    const [admin, reader, banned] = await Promise.all([
      createTestActor('admin'),
      createTestActor('member'),
      createTestActor('member', { banned: true }),
    ]);
    await db().transaction((tx) =>
      notifyPeople(tx, {
        kind: 'changelog',
        actorId: admin.id,
        recipientIds: [admin.id, reader.id, banned.id],
        entry: { id: 'entry-1', title: 'Dark mode is here', url: '/changelog/dark-mode', excerpt: 'At last.' },
      }),
    );
    await runJobs();
    const items = (await callRoute(myNotificationsRoute, { as: reader })).json.items as { headline: string; path: string }[];
    expect(items).toEqual([expect.objectContaining({ headline: 'New in the changelog: Dark mode is here', path: '/changelog/dark-mode' })]);
    // The row keeps the message and its arguments only; the API writes the English headline from them.
    const [stored] = await db().select().from(notifications).where(eq(notifications.recipientId, reader.id));
    expect(stored!.data).toMatchObject({ message: 'changelog', title: 'Dark mode is here' });
    expect(stored!.data).not.toHaveProperty('headline');
    expect(await emailsTo(reader)).toHaveLength(1);
    expect(await emailsTo(admin)).toHaveLength(0);
    expect(await emailsTo(banned)).toHaveLength(0);
    const mine = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, reader.email)));
    expect(mine[0]!.payload.html).not.toContain('<script');
  });

  it('tells admins of a disabled webhook endpoint by message and address, in English for the API', async () => {
    const admin = await createTestActor('admin');
    await db().transaction((tx) =>
      notifyAdmins(tx, {
        kind: 'admin_webhook_disabled',
        url: 'https://hooks.example.com/x',
        path: '/admin/webhooks',
        excerpt: 'HTTP 500',
      }),
    );
    const [item] = (await callRoute(myNotificationsRoute, { as: admin })).json.items as Record<string, unknown>[];
    expect(item).toMatchObject({
      message: 'webhookDisabled',
      args: { url: 'https://hooks.example.com/x' },
      headline: 'Webhook endpoint disabled: https://hooks.example.com/x',
    });
  });

  it('the account export holds the preferences; deleting the account removes its notifications and preferences', async () => {
    const moderator = await createTestActor('moderator');
    const { post, voters } = await publicPostWithVoters(1);
    const me = voters[0]!;
    await callRoute(preferencesRoute, {
      method: 'PUT',
      body: { preferences: [{ kind: 'comment', channel: 'email', enabled: false }] },
      origin: 'self',
      as: me,
    });
    await setStatus(moderator, post.number, 'planned');
    const exported = JSON.parse((await callRoute(exportRoute, { as: me })).text) as {
      profile: { notificationPreferences: { kind: string; channel: string; enabled: boolean }[] };
    };
    expect(exported.profile.notificationPreferences).toContainEqual({ kind: 'comment', channel: 'email', enabled: false });
    expect(exported.profile.notificationPreferences).toContainEqual({ kind: 'status_changed', channel: 'email', enabled: true });

    expect((await callRoute(meRoute, { method: 'DELETE', body: { confirm: 'DELETE' }, origin: 'self', as: me })).status).toBe(204);
    const left = await db().execute(
      sql`select (select count(*)::int from notifications where recipient_id = ${me.id}) as n,
        (select count(*)::int from notification_preferences where user_id = ${me.id}) as p`,
    );
    expect((left as unknown as { rows: { n: number; p: number }[] }).rows[0]).toEqual({ n: 0, p: 0 });
  });
});
