/**
 * Every table moves with the workspace export or is listed as staying behind, with the reason
 * (sections.ts): a new table cannot be forgotten by the export without a test failing.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import { NOT_EXPORTED, SECTIONS } from './sections';

useTestDatabase();

const exported = SECTIONS.flatMap((s) => s.tables.map((t) => [getTableName(t), s.name] as const));
const kept = [...NOT_EXPORTED].map(([t, reason]) => [getTableName(t), reason] as const);

describe('the sections of the workspace export', () => {
  it('name each table once, as exported by one section or as not exported with a reason', async () => {
    const names = [...exported, ...kept].map(([name]) => name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const [, reason] of kept) expect(reason.length).toBeGreaterThan(10);

    const declared = Object.values(schema as Record<string, unknown>)
      .filter((v): v is PgTable => is(v, PgTable))
      .map((t) => getTableName(t));
    // The migrated database too, for a table a migration made that the schema module lacks.
    const migrated = (
      await queryRows<{ name: string }>(sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`)
    ).map((r) => r.name);
    const all = [...new Set([...declared, ...migrated])].sort();
    expect(all.length).toBeGreaterThan(30);
    expect(all.filter((n) => !names.includes(n))).toEqual([]);
    expect(names.filter((n) => !all.includes(n))).toEqual([]);
  });
});
