import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { db, queryRows } from './client';
import { checkpointIfLogGrew, upkeepIfEmbedded } from './maintenance';

const testDb = useTestDatabase();

const size = async () => (await queryRows<{ bytes: number }>(sql`select pg_relation_size('upkeep_probe')::int as bytes`))[0]!.bytes;
const churn = () => db().execute(sql`update upkeep_probe set n = n + 1`);
const hasStatistics = async () =>
  (await queryRows<{ has: boolean }>(sql`select exists (select 1 from pg_statistic where starelid = 'upkeep_probe'::regclass) as has`))[0]!
    .has;

describe('table upkeep', () => {
  it('on the embedded database, vacuums every table so the space of dead rows is used again, and analyses new tables; nothing on PostgreSQL', async () => {
    await db().execute(sql`create table upkeep_probe (id int primary key, n int not null, pad text not null)`);
    await db().execute(sql`insert into upkeep_probe select g, 0, repeat('x', 200) from generate_series(1, 2000) g`);
    for (let i = 0; i < 3; i++) await churn();
    const churned = await size();
    await churn();
    const grown = await size();
    if (testDb.handle.driver !== 'pglite') {
      // PostgreSQL's own autovacuum looks after its tables (and may analyse this one any moment).
      expect(await upkeepIfEmbedded({ analyze: false })).toBe(0);
      return;
    }
    expect(await hasStatistics()).toBe(false);
    const done = await upkeepIfEmbedded({ analyze: false });
    // Without upkeep every update wrote new row versions past the dead ones.
    expect(grown).toBeGreaterThan(churned);
    // A table without statistics gets them even when this round does not analyse.
    expect(await hasStatistics()).toBe(true);
    const tables = await queryRows<{ n: number }>(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(done).toBe(tables[0]!.n);
    await churn();
    expect(await size()).toBe(grown);
    expect(await upkeepIfEmbedded({ analyze: true })).toBe(tables[0]!.n);
  });

  it.runIf(!process.env.CHORUS_TEST_DATABASE_URL)(
    'on the embedded database, checkpoints once the write-ahead log has grown, so that it stays bounded',
    async () => {
      const walBytes = async () =>
        (await queryRows<{ bytes: number }>(sql`select coalesce(sum(size), 0)::bigint::float8 as bytes from pg_ls_waldir()`))[0]!.bytes;
      await db().execute(sql`create table wal_probe (pad text not null)`);
      for (let i = 0; i < 6; i++) await db().execute(sql`insert into wal_probe select repeat('x', 1000) from generate_series(1, 20000)`);
      const written = await walBytes();
      // About 130 MB of log was written: without a checkpoint all of it stays.
      expect(written).toBeGreaterThan(100 * 1024 * 1024);
      expect(await checkpointIfLogGrew()).toBe(true);
      expect(await walBytes()).toBeLessThanOrEqual(80 * 1024 * 1024);
      expect(await checkpointIfLogGrew()).toBe(false); // nothing written since
    },
  );
});
