import type { InvitationPreview } from '../schema';
import { db } from '@/server/db/client';
import { ROLES, type Role } from '@/core/identity/roles';
import { peekAuthToken } from '@/server/identity/tokens';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Who an invitation link is for, without using it up (the sign-up form pre-fills the address).
 * Null for a malformed, unknown, expired or used invitation: the page says so plainly.
 */
export async function previewInvitation(token: unknown): Promise<InvitationPreview | null> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const row = await peekAuthToken(db(), 'invite', token);
  if (!row) return null;
  const role = (ROLES as readonly unknown[]).includes(row.data.role) ? (row.data.role as Role) : 'member';
  return { email: row.email, role };
}
