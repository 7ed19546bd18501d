import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { db } from '@/server/db/client';
import { workspaceSettings } from '@/server/db/schema';
import { bumpContentGeneration, hearAnnouncement } from '@/server/cache/visitor-cache';
import { forgetWorkspace, getPublicWorkspace } from './workspace';

const testDb = useTestDatabase();

/** Renames the workspace behind the copies' back, as another instance's write would. */
const renameInDatabase = (name: string) => db().update(workspaceSettings).set({ name }).where(eq(workspaceSettings.id, 1));

describe('the kept workspace row follows the rules of every copy', () => {
  it('is kept until a whole change, here or heard from another instance (where copies are kept)', async () => {
    forgetWorkspace();
    await renameInDatabase('First');
    expect((await getPublicWorkspace()).name).toBe('First');
    await renameInDatabase('Second');
    const kept = (await getPublicWorkspace()).name;
    // Copies are kept on embedded PGlite; on PostgreSQL only while a listener hears every change (none in tests).
    expect(kept).toBe(testDb.handle.exclusive ? 'First' : 'Second');

    bumpContentGeneration();
    expect((await getPublicWorkspace()).name).toBe('Second');
    await renameInDatabase('Third');
    hearAnnouncement('another-instance');
    expect((await getPublicWorkspace()).name).toBe('Third');
  });

  it('keeps nothing read inside a transaction, which may never commit', async () => {
    forgetWorkspace();
    await db()
      .transaction(async (tx) => {
        await tx.update(workspaceSettings).set({ name: 'Never committed' }).where(eq(workspaceSettings.id, 1));
        expect((await getPublicWorkspace(tx)).name).toBe('Never committed');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await getPublicWorkspace()).name).not.toBe('Never committed');
  });
});
