/**
 * People for request-level tests: real users in the test database with real sessions, so a
 * call made `as` one of them goes through the same cookie lookup as production.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@/core/identity/roles';
import { hashPassword } from '@/features/accounts/server/passwords';
import { createSession } from '@/server/identity/sessions';
import { sessionCookieName } from '@/server/identity/cookies';
import { db } from '@/server/db/client';
import { users } from '@/server/db/schema';

export interface TestActor {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  password: string;
  /** A `Cookie` header value carrying a fresh session of this user. */
  cookie: string;
}

let passwordHashCache: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery staple';

/** Creates a verified user of `role` with a signed-in session. */
export async function createTestActor(
  role: Role,
  overrides: { id?: string; email?: string; displayName?: string; banned?: boolean; unverified?: boolean } = {},
): Promise<TestActor> {
  passwordHashCache ??= hashPassword(TEST_PASSWORD);
  const email = (overrides.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`).toLowerCase();
  const displayName = overrides.displayName ?? `Test ${role}`;
  const [user] = await db()
    .insert(users)
    .values({
      ...(overrides.id ? { id: overrides.id } : {}),
      email,
      displayName,
      role,
      passwordHash: await passwordHashCache,
      emailVerifiedAt: overrides.unverified ? null : new Date(),
      bannedAt: overrides.banned ? new Date() : null,
    })
    .returning();
  const token = await createSession(user!.id);
  return { id: user!.id, email, role, displayName, password: TEST_PASSWORD, cookie: `${sessionCookieName()}=${token}` };
}

/** One of each role, for tables of "who may call this". */
export async function createRoleActors() {
  const [member, moderator, admin] = await Promise.all([createTestActor('member'), createTestActor('moderator'), createTestActor('admin')]);
  return { member, moderator, admin };
}
