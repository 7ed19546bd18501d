import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db, queryRows, type DbHandle } from '@/server/db/client';
import { connectDatabase, MIGRATIONS_FOLDER } from '@/server/db/open';
import { useTestDatabase, testServerUrl } from '@/test/db';
import { createScratchDatabase } from '@/test/postgres';

const database = useTestDatabase({ migrate: false });

async function migrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function appliedMigrations(handle?: DbHandle): Promise<number> {
  const query = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
  const result = (await (handle?.db ?? db()).execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

const tableExists = async (name: string) =>
  (await queryRows<{ t: string | null }>(sql`select to_regclass(${`public.${name}`})::text as t`))[0]!.t !== null;

/** The SQLSTATE and constraint of a driver error, however Drizzle wraps it. */
function pgError(err: unknown): { code?: string; constraint?: string } {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as { code?: string; constraint?: string };
  }
  return {};
}

describe('migrations', () => {
  it('apply on a fresh database', async () => {
    expect(await tableExists('workspace_settings')).toBe(false);
    await database.handle.migrate();
    for (const table of ['workspace_settings', 'audit_events', 'rate_limits']) expect(await tableExists(table)).toBe(true);
    expect(await appliedMigrations()).toBe(await migrationCount());
  });

  it('are idempotent', async () => {
    await database.handle.migrate();
    await database.handle.migrate();
    expect(await appliedMigrations()).toBe(await migrationCount());
    expect((await queryRows<{ n: number }>(sql`select count(*)::int as n from workspace_settings`))[0]!.n).toBe(1);
  });

  it('create the single workspace_settings row with its defaults', async () => {
    const rows = await queryRows(sql`select * from workspace_settings`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 1,
      name: 'Chorus',
      logo_url: null,
      accent_color: '#6d28d9',
      public_url: null,
      default_theme: 'system',
      access: 'public',
      signup_policy: 'open',
      allowed_domains: [],
      moderation: 'off',
      email_confirmation: 'auto',
      analytics: {},
      setup_completed_at: null,
    });
  });

  it('refuse a second workspace_settings row (workspace_settings_single_row)', async () => {
    const err = await db()
      .execute(sql`insert into workspace_settings (id) values (2)`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgError(err)).toMatchObject({ code: '23514', constraint: 'workspace_settings_single_row' });
  });

  it('refuse an accent colour that is not #rrggbb', async () => {
    const err = await db()
      .execute(sql`update workspace_settings set accent_color = 'red' where id = 1`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgError(err)).toMatchObject({ code: '23514', constraint: 'workspace_settings_accent_color' });
  });

  it.runIf(testServerUrl())('run safely from two instances at once (PostgreSQL advisory lock)', async () => {
    const scratch = await createScratchDatabase(testServerUrl()!);
    const [a, b] = await Promise.all([
      connectDatabase({ databaseUrl: scratch.url, poolSize: 2 }),
      connectDatabase({ databaseUrl: scratch.url, poolSize: 2 }),
    ]);
    try {
      const outcomes = await Promise.allSettled([a.migrate(), b.migrate()]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await appliedMigrations(a)).toBe(await migrationCount());
    } finally {
      await Promise.all([a.close(), b.close()]);
      await scratch.drop();
    }
  });
});
