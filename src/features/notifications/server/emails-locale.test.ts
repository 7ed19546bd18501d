/**
 * Notification emails are written in the recipient's language: their own setting (users.locale),
 * else the workspace default. User content (the post's title, the status name, the note) stays
 * as written, an argument of the message.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { postStatusRoute } from '@/features/posts/server/triage-handlers';
import { db } from '@/server/db/client';
import { outbox, rateLimits, users, votes, workspaceSettings } from '@/server/db/schema';
import { forgetWorkspace } from '@/server/workspace';
import { createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import { myNotificationsRoute } from './me-handlers';

useTestDatabase();

beforeEach(async () => {
  await runJobs();
  await db().delete(rateLimits);
});
afterAll(async () => {
  await db().update(workspaceSettings).set({ defaultLocale: 'en' });
  forgetWorkspace();
});

const lastEmailTo = async (who: TestActor) =>
  (await db().select().from(outbox).where(eq(outbox.recipient, who.email)).orderBy(desc(outbox.id)).limit(1))[0]!;

async function voterIn(locale: 'de' | 'ja' | null) {
  const voter = await createTestActor('member');
  if (locale) await db().update(users).set({ locale }).where(eq(users.id, voter.id));
  return voter;
}

describe('a status change is emailed to each voter in their own language', () => {
  it('writes German for a German voter, Japanese for a Japanese one, and the workspace default for one without a setting', async () => {
    await db().update(workspaceSettings).set({ defaultLocale: 'ja' });
    forgetWorkspace();
    const moderator = await createTestActor('moderator');
    const board = await insertBoard();
    const post = await insertPost(board.id, { title: 'Dark mode' });
    const [german, japanese, unset] = [await voterIn('de'), await voterIn('ja'), await voterIn(null)];
    await db()
      .insert(votes)
      .values([german, japanese, unset].map((v) => ({ postId: post.id, userId: v.id })));
    const planned = await statusBySlug('planned');
    const res = await callRoute(postStatusRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { statusId: planned.id, note: 'Coming **next** quarter.' },
      origin: 'self',
      as: moderator,
    });
    expect(res.status).toBe(200);
    await runJobs();

    const de = await lastEmailTo(german);
    expect(de.kind).toBe('notification');
    expect(de.subject).toBe(`${moderator.displayName} hat „Dark mode“ (#${post.number}) auf Planned gesetzt · Chorus`);
    expect(de.payload.text).toContain('Coming **next** quarter.');
    expect(de.payload.text).toContain('Benachrichtigungseinstellungen: ');
    expect(de.payload.text).toContain('Diese E-Mails abbestellen: ');
    expect(de.payload.html).toContain('<html lang="de" dir="ltr">');
    expect(de.payload.html).not.toContain('Notification preferences');

    const ja = await lastEmailTo(japanese);
    expect(ja.subject).toBe(`${moderator.displayName}が「Dark mode」(#${post.number})のステータスをPlannedに変更しました · Chorus`);
    expect(ja.payload.html).toContain('<html lang="ja" dir="ltr">');
    expect(ja.payload.html).toContain('通知設定');

    // No setting of their own: the workspace default (Japanese here).
    expect((await lastEmailTo(unset)).subject).toBe(ja.subject);

    // The in-app row carries the message and its arguments, for the page to write in its language.
    const list = await callRoute(myNotificationsRoute, { as: german });
    expect((list.json as { items: unknown[] }).items[0]).toMatchObject({
      message: 'statusChanged',
      args: { who: moderator.displayName, title: 'Dark mode', number: post.number, status: 'Planned' },
      headline: `${moderator.displayName} moved “Dark mode” (#${post.number}) to Planned`,
    });
  });
});
