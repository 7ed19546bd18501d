import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getPublicWorkspace } from '@/server/workspace';
import { db } from '@/server/db/client';
import { rateLimits, users } from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { setupRoute } from '@/composition/api/setup-route';
import { meRoute } from './me-handlers';

useTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
});

const valid = { workspaceName: 'Acme Feedback', displayName: 'Ada Admin', email: 'Ada@Example.test', password: 'a long admin password' };
const cookieOf = (headers: Headers) => headers.get('set-cookie')?.split(';')[0] ?? '';

// One database for the file: the order matters (setup can succeed only once).
describe('POST /api/v1/setup (first run)', () => {
  it('refuses invalid fields with 422 and names each field, changing nothing', async () => {
    const res = await callRoute(setupRoute, {
      method: 'POST',
      body: { workspaceName: 'A', displayName: '', email: 'not-an-email', password: 'short' },
    });
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json.error?.fields ?? {}).sort()).toEqual(['displayName', 'email', 'password', 'workspaceName']);
    expect(res.json.error?.fields?.password).toBe('Use at least 10 characters');
    expect((await getPublicWorkspace()).setupDone).toBe(false);
  });

  it('completes setup once: 201, the workspace is named, and the first admin is signed in', async () => {
    const res = await callRoute(setupRoute, { method: 'POST', origin: 'self', body: valid });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ status: 'done' });
    const workspace = await getPublicWorkspace();
    expect(workspace).toMatchObject({ name: 'Acme Feedback', setupDone: true });
    const me = await callRoute(meRoute, { as: { cookie: cookieOf(res.headers) } });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: 'ada@example.test', displayName: 'Ada Admin', role: 'admin', emailVerified: true });
  });

  it('answers 409 SETUP_DONE afterwards, and the admin stays as they were', async () => {
    const res = await callRoute(setupRoute, {
      method: 'POST',
      body: { ...valid, email: 'intruder@example.test', workspaceName: 'Taken Over' },
    });
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe('SETUP_DONE');
    expect((await getPublicWorkspace()).name).toBe('Acme Feedback');
    expect(await db().select().from(users).where(eq(users.email, 'intruder@example.test'))).toEqual([]);
  });

  it('refuses a cross-site setup request (CSRF)', async () => {
    const res = await callRoute(setupRoute, { method: 'POST', origin: 'https://evil.example', body: valid });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('FORBIDDEN');
  });

  it('answers any other method with 405 and Allow', async () => {
    const res = await callRoute(setupRoute, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
