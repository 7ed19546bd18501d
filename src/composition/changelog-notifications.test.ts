/**
 * Done when 2 (issue 9): publishing an entry linked to two posts with overlapping voters sends
 * each of those voters exactly one email; the linked posts then show the entry and move to the
 * chosen status. The changelog's followers are told too; the publisher is not.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminChangelogPublishRoute, adminChangelogRoute, adminChangelogUnpublishRoute } from '@/features/changelog/server/admin-handlers';
import { changelogSubscriptionRoute } from '@/features/changelog/server/handlers';
import { shippedIn } from '@/features/changelog/server/service';
import { myNotificationsRoute } from '@/features/notifications/server/me-handlers';
import { db } from '@/server/db/client';
import { outbox, posts, rateLimits, statusChanges, votes } from '@/server/db/schema';
import { createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';

useTestDatabase();

beforeEach(async () => {
  await runJobs();
  await db().delete(rateLimits);
});

const emailsTo = async (who: TestActor) => db().select().from(outbox).where(eq(outbox.recipient, who.email));

async function entryLinking(moderator: TestActor, numbers: number[], publishStatusId: string | null) {
  const res = await callRoute<{ id: string; slug: string }>(adminChangelogRoute, {
    method: 'POST',
    body: { title: 'Dark mode ships', body: 'Both **themes** are here.', label: 'new', postNumbers: numbers, publishStatusId },
    as: moderator,
  });
  expect(res.status).toBe(201);
  return res.json;
}

async function publish(moderator: TestActor, id: string) {
  const res = await callRoute(adminChangelogPublishRoute, { method: 'POST', params: { id }, as: moderator });
  expect(res.status).toBe(200);
  await runJobs();
}

describe('done when 2: publishing a changelog entry', () => {
  it('emails each voter of the linked posts once, tells followers, moves the posts and shows the entry on them', async () => {
    const moderator = await createTestActor('moderator');
    const board = await insertBoard();
    const a = await insertPost(board.id, { title: 'Dark theme' });
    const b = await insertPost(board.id, { title: 'Night mode' });
    const [both, onlyA, onlyB, follower] = await Promise.all([1, 2, 3, 4].map(() => createTestActor('member')));
    await db()
      .insert(votes)
      .values([
        { postId: a.id, userId: both!.id },
        { postId: b.id, userId: both!.id },
        { postId: a.id, userId: onlyA!.id },
        { postId: b.id, userId: onlyB!.id },
        // The publisher voted too: they hear nothing of their own publication.
        { postId: a.id, userId: moderator.id },
      ]);
    expect((await callRoute(changelogSubscriptionRoute, { method: 'PUT', origin: 'self', as: follower })).status).toBe(200);

    const complete = await statusBySlug('complete');
    const entry = await entryLinking(moderator, [a.number, b.number], complete.id);
    await publish(moderator, entry.id);

    for (const who of [both!, onlyA!, onlyB!, follower!]) {
      const mails = await emailsTo(who);
      expect(mails, who.email).toHaveLength(1);
      expect(`${mails[0]!.subject}\n${mails[0]!.payload.text}`).toContain('Dark mode ships');
      expect(mails[0]!.payload.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(await emailsTo(moderator)).toHaveLength(0);

    // In the app: the follower's list names the entry and links it.
    const list = await callRoute<{ items: { kind: string; path: string | null }[] }>(myNotificationsRoute, { as: follower! });
    expect(list.json.items).toEqual([expect.objectContaining({ kind: 'changelog', path: `/changelog/${entry.slug}` })]);

    // The linked posts moved, with history that names the entry, and show it.
    for (const post of [a, b]) {
      const [row] = await db().select({ statusId: posts.statusId }).from(posts).where(eq(posts.id, post.id));
      expect(row!.statusId).toBe(complete.id);
      const history = await db().select().from(statusChanges).where(eq(statusChanges.postId, post.id));
      expect(history.at(-1)!.note).toContain(`/changelog/${entry.slug}`);
      expect((await shippedIn(post.id)).map((e) => e.slug)).toEqual([entry.slug]);
    }
  });

  it('tells nobody when the entry was unpublished before the notification ran', async () => {
    const moderator = await createTestActor('moderator');
    const board = await insertBoard();
    const post = await insertPost(board.id);
    const voter = await createTestActor('member');
    await db().insert(votes).values({ postId: post.id, userId: voter.id });
    const entry = await entryLinking(moderator, [post.number], null);

    expect((await callRoute(adminChangelogPublishRoute, { method: 'POST', params: { id: entry.id }, as: moderator })).status).toBe(200);
    expect((await callRoute(adminChangelogUnpublishRoute, { method: 'POST', params: { id: entry.id }, as: moderator })).status).toBe(200);
    await runJobs();
    expect(await emailsTo(voter)).toHaveLength(0);
  });
});
