/** The post page shows mentions under the person's current name, and a deleted account as "Deleted user". */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { mentionToken } from '@/core/mentions';
import { mdText } from '@/lib/markdown-tree';
import { db } from '@/server/db/client';
import { comments, users } from '@/server/db/schema';
import { VISITOR } from '@/server/identity/actor';
import { createTestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { loadPostPage } from './post-page-data';

useTestDatabase();

describe('mentions on the post page', () => {
  it('shows the current display name, "Deleted user" for a deleted account, and the written name for an unknown id', async () => {
    const renamed = await createTestActor('member', { displayName: 'Old Name' });
    const gone = await createTestActor('member', { displayName: 'Private Person' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const board = await insertBoard();
    const post = await insertPost(board.id, {
      body: `Ask ${mentionToken('Old Name', renamed.id)} and ${mentionToken('Private Person', gone.id)} and ${mentionToken('Nobody', unknown)}.`,
    });
    await db()
      .insert(comments)
      .values({ postId: post.id, authorId: renamed.id, body: `cc ${mentionToken('Private Person', gone.id)}` });
    await db().update(users).set({ displayName: 'New Name' }).where(eq(users.id, renamed.id));
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

    const page = await loadPostPage(VISITOR, post.number);
    expect(mdText(page.bodyDoc)).toBe(`Ask @New Name and @${DELETED_PERSON_NAME} and @Nobody.`);
    expect(mdText(page.comments[0]!.bodyDoc)).toBe(`cc @${DELETED_PERSON_NAME}`);
    expect(JSON.stringify(page.bodyDoc)).not.toContain('Private Person');
  });
});
