/**
 * Issue 8, F4: an account flow's answer must not take more or less work depending on whether the
 * address has an account, or its timing tells. Instead of timing (which flakes), each request's
 * work before its answer is counted exactly: the SQL statements it ran, in order, and the argon2
 * hashes and verifications, for an address with an account and one without. They must be equal,
 * and so must the answers (status, body, the cookies set).
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/server/db/client';
import { rateLimits, users, workspaceSettings } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute, type RouteHandler } from '@/test/http';
import { runJobs } from '@/test/jobs';
import { recordStatements } from '@/test/statements';
import { forgotPasswordRoute, magicLinkRoute, signInRoute, signUpRoute } from './handlers';

const argon = vi.hoisted(() => ({ hashes: 0, verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.hashes++;
      return real.hash(...args);
    },
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifications++;
      return real.verify(...args);
    },
  };
});

useTestDatabase();

beforeAll(async () => {
  // The mode in which sign-up can hide whether an address is taken (with confirmation off, a new
  // address is signed in at once, so the answer itself differs: see docs/decisions/013-no-account-enumeration.md).
  await db().update(workspaceSettings).set({ emailConfirmation: 'required' });
});
afterAll(async () => {
  await db().update(workspaceSettings).set({ emailConfirmation: 'auto' });
});
beforeEach(async () => {
  await db().delete(rateLimits);
  await runJobs();
});

interface Work {
  status: number;
  body: unknown;
  cookies: string[];
  statements: string[];
  hashes: number;
  verifications: number;
}

/** Calls the route once and returns what it did up to the moment it answered. */
async function workOf(route: RouteHandler, request: unknown): Promise<Work> {
  let before: Pick<Work, 'statements' | 'hashes' | 'verifications'> | undefined;
  const measured: RouteHandler = async (req: NextApiRequest, res: NextApiResponse) => {
    const start = { ...argon };
    const recorder = recordStatements();
    const end = res.end.bind(res) as (...args: unknown[]) => NextApiResponse;
    res.end = ((...args: unknown[]) => {
      before ??= {
        statements: recorder.stop(),
        hashes: argon.hashes - start.hashes,
        verifications: argon.verifications - start.verifications,
      };
      return end(...args);
    }) as typeof res.end;
    await route(req, res);
  };
  const answer = await callRoute(measured, { method: 'POST', body: request });
  // The background work (a job kicked after the answer) finishes before the next measurement.
  await runJobs();
  await db().delete(rateLimits);
  // Error bodies carry their request's id, which differs by design.
  const json = answer.json as { error?: Record<string, unknown> } | undefined;
  const answered = json?.error ? { error: { ...json.error, requestId: '…' } } : json;
  return { status: answer.status, body: answered, cookies: answer.headers.getSetCookie().map((c) => c.split('=')[0]!), ...before! };
}

/** Measures both addresses twice, alternating, so a cache warmed by the first call favours neither. */
async function compare(route: RouteHandler, known: unknown, unknown: unknown) {
  await workOf(route, known);
  await workOf(route, unknown);
  const a = await workOf(route, known);
  const b = await workOf(route, unknown);
  return { known: a, unknown: b };
}

describe('the account flows do the same work whether or not the address has an account', () => {
  it('sign-up: the same statements and one password hash, before the same answer', async () => {
    const member = await createTestActor('member');
    let n = 0;
    const body = (email: string) => ({ email, displayName: 'Someone', password: 'a long password' });
    await workOf(signUpRoute, body(`warm-${n++}@example.test`));
    const known = await workOf(signUpRoute, body(member.email));
    const unknown = await workOf(signUpRoute, body(`new-${n++}@example.test`));
    expect(unknown.statements.some((q) => q.startsWith('insert into "jobs"'))).toBe(true);
    expect(known.statements).toEqual(unknown.statements);
    expect(known.hashes).toBe(1);
    expect(unknown.hashes).toBe(1);
    expect(known.verifications).toBe(unknown.verifications);
    expect([known.status, known.body, known.cookies]).toEqual([unknown.status, unknown.body, unknown.cookies]);
    // …and the difference is done afterwards, in the job: one account, one "already registered".
    expect(await db().select().from(users).where(eq(users.email, member.email))).toHaveLength(1);
  });

  it('forgot password: the same statements and no hashing', async () => {
    const member = await createTestActor('member');
    const { known, unknown } = await compare(forgotPasswordRoute, { email: member.email }, { email: 'nobody-reset@example.test' });
    expect(known.statements.some((q) => q.startsWith('insert into "jobs"'))).toBe(true);
    expect(known.statements).toEqual(unknown.statements);
    expect([known.hashes, known.verifications]).toEqual([unknown.hashes, unknown.verifications]);
    expect([known.status, known.body, known.cookies]).toEqual([unknown.status, unknown.body, unknown.cookies]);
  });

  it('email me a sign-in link: the same statements and no hashing', async () => {
    const member = await createTestActor('member');
    const { known, unknown } = await compare(magicLinkRoute, { email: member.email }, { email: 'nobody-link@example.test' });
    expect(known.statements.some((q) => q.startsWith('insert into "jobs"'))).toBe(true);
    expect(known.statements).toEqual(unknown.statements);
    expect([known.hashes, known.verifications]).toEqual([unknown.hashes, unknown.verifications]);
    expect([known.status, known.body, known.cookies]).toEqual([unknown.status, unknown.body, unknown.cookies]);
  });

  it('sign-in with a wrong password: the same statements and one verification', async () => {
    const member = await createTestActor('member');
    const { known, unknown } = await compare(
      signInRoute,
      { email: member.email, password: 'not the password' },
      { email: 'nobody-in@example.test', password: 'not the password' },
    );
    expect(known.statements.some((q) => q.includes('from "users"'))).toBe(true);
    expect(known.statements).toEqual(unknown.statements);
    expect([known.verifications, unknown.verifications]).toEqual([1, 1]);
    expect(known.hashes).toBe(unknown.hashes);
    expect([known.status, known.body, known.cookies]).toEqual([unknown.status, unknown.body, unknown.cookies]);
  });
});
