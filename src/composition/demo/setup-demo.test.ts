import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupRoute } from '@/composition/api/setup-route';
import { queryRows } from '@/server/db/client';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { demoSeedInProgress } from './background';

useTestDatabase();

describe('POST /api/v1/setup with demoData', () => {
  it('answers at once and seeds the demo workspace in the background', async () => {
    const res = await callRoute(setupRoute, {
      method: 'POST',
      origin: 'self',
      body: {
        workspaceName: 'Acme',
        displayName: 'Ada Admin',
        email: 'ada@example.test',
        password: 'a long admin password',
        demoData: true,
      },
    });
    expect(res.status).toBe(201);
    // On PGlite the seed may already be over when the in-process client reads the answer (they
    // share one thread); on PostgreSQL it is usually still running. Either way, wait for it.
    await demoSeedInProgress();
    const [row] = await queryRows<{ boards: number; posts: number; admin_changes: number }>(sql`select
      (select count(*)::int from boards) as boards,
      (select count(*)::int from posts) as posts,
      (select count(*)::int from status_changes s join users u on u.id = s.by_id where u.email = 'ada@example.test') as admin_changes`);
    expect(row).toMatchObject({ boards: 3, posts: 300 });
    expect(row!.admin_changes).toBeGreaterThan(0);
  });
});
