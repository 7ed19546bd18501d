import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { authTokens } from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import { previewInvitation } from './invite-preview';
import { consumeAuthToken, issueAuthToken } from '@/server/identity/tokens';
import { hashToken } from '@/server/identity/tokens';

useTestDatabase();

const invite = (email: string, data: Record<string, unknown> = {}) => issueAuthToken(db(), 'invite', { userId: null, email, data });

describe('previewInvitation: who a /signup?invite= link is for, without using it', () => {
  it('shows the address and the role, and leaves the invitation usable', async () => {
    const token = await invite('guest@example.test', { role: 'moderator' });
    expect(await previewInvitation(token)).toEqual({ email: 'guest@example.test', role: 'moderator' });
    expect(await previewInvitation(token)).not.toBeNull();
    expect(await consumeAuthToken(db(), 'invite', token)).toBeDefined();
  });

  it('falls back to member for a missing or unknown role', async () => {
    expect((await previewInvitation(await invite('a@example.test')))?.role).toBe('member');
    expect((await previewInvitation(await invite('b@example.test', { role: 'owner' })))?.role).toBe('member');
  });

  it('is null once used, once expired, for another kind of token, or for a malformed one', async () => {
    const used = await invite('used@example.test');
    await consumeAuthToken(db(), 'invite', used);
    expect(await previewInvitation(used)).toBeNull();

    const expired = await invite('late@example.test');
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(expired)));
    expect(await previewInvitation(expired)).toBeNull();

    const reset = await issueAuthToken(db(), 'reset_password', { userId: null, email: 'x@example.test' });
    expect(await previewInvitation(reset)).toBeNull();

    for (const bad of ['short', 'x'.repeat(101), 'has spaces in it, twenty chars', undefined, ['a', 'b']]) {
      expect(await previewInvitation(bad)).toBeNull();
    }
  });
});
