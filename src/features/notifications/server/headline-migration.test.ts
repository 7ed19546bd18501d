/**
 * drizzle/0023_notification_headline.sql on rows written before it: the stored English sentence
 * goes, a disabled webhook endpoint's row becomes its message and address, and the API still
 * answers a headline for each (in English, from the message).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { MIGRATIONS_FOLDER } from '@/server/db/open';
import { notifications } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { myNotificationsRoute } from './me-handlers';

useTestDatabase();

describe('the migration that drops the stored headline', () => {
  it('keeps what each old row says as a message, and no English sentence', async () => {
    const admin = await createTestActor('admin');
    const old = (kind: string, data: Record<string, string | number | null>) => ({ recipientId: admin.id, kind, data });
    await db()
      .insert(notifications)
      .values([
        old('admin_webhook_disabled', {
          headline: 'Webhook endpoint disabled: https://hooks.example.com/a',
          path: '/admin/webhooks',
          excerpt: null,
        }),
        old('changelog', {
          headline: 'New in the changelog: Dark mode',
          message: 'changelog',
          title: 'Dark mode',
          path: '/changelog/x',
          excerpt: null,
        }),
        old('comment', { headline: 'Ada commented on “Old”', path: '/p/1', excerpt: null }),
      ]);

    const file = await readFile(path.join(MIGRATIONS_FOLDER, '0023_notification_headline.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));

    const rows = await db().select().from(notifications).where(eq(notifications.recipientId, admin.id)).orderBy(notifications.id);
    expect(rows.map((r) => r.data)).toEqual([
      { message: 'webhookDisabled', url: 'https://hooks.example.com/a', path: '/admin/webhooks', excerpt: null },
      { message: 'changelog', title: 'Dark mode', path: '/changelog/x', excerpt: null },
      { path: '/p/1', excerpt: null },
    ]);
    const items = (await callRoute(myNotificationsRoute, { as: admin })).json.items as { headline: string }[];
    expect(items.map((i) => i.headline)).toEqual([
      'An update for you',
      'New in the changelog: Dark mode',
      'Webhook endpoint disabled: https://hooks.example.com/a',
    ]);
  });
});
