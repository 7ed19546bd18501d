/**
 * Table upkeep that PostgreSQL's autovacuum does by itself but embedded PGlite does not: PGlite
 * runs no background workers and keeps no table statistics to say when upkeep is due, so without
 * this its planner statistics never change (a freshly seeded or grown database is planned as if
 * its tables were empty, and the post lists fell back from their indexes to scanning every post)
 * and the dead row versions of counter and score updates pile up (searches on 10,000 posts ran
 * at a third of their speed over a freshly seeded database until it was vacuumed); nor does it
 * checkpoint, so its write-ahead log grew without end (177 MB beside 158 MB of tables; below).
 *
 * One table per statement, the event loop let through between them, so the embedded database's
 * one thread is held for one table at a time. A VACUUM of a table with nothing to reclaim skips
 * its pages (the visibility map): a pass over every table then takes about a tenth of a second on
 * 10,000 posts; ANALYZE samples every table (about a second), so it runs less often.
 */
import { sql } from 'drizzle-orm';
import { db, getDbHandle, queryRows } from './client';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * VACUUM each of the app's tables, with ANALYZE when `analyze` and always for a table that has no
 * statistics yet (a new database; a settled one is not sampled again at every start); nothing on
 * PostgreSQL. Returns the tables done.
 */
export async function upkeepIfEmbedded({ analyze }: { analyze: boolean }): Promise<number> {
  if (getDbHandle()?.driver !== 'pglite') return 0;
  const tables = await queryRows<{ name: string; unanalysed: boolean }>(sql`
    select c.relname as name, not exists (select 1 from pg_statistic s where s.starelid = c.oid) as unanalysed
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by c.relname`);
  for (const { name, unanalysed } of tables) {
    await db().execute(sql.raw(`${analyze || unanalysed ? 'vacuum (analyze)' : 'vacuum'} "${name.replaceAll('"', '""')}"`));
    await tick();
  }
  await db().execute(sql`checkpoint`);
  return tables.length;
}

/** Log written since the last checkpoint above which `checkpointIfLogGrew` checkpoints. */
const WAL_CHECKPOINT_BYTES = 48 * 1024 * 1024;

/**
 * No checkpointer runs in PGlite either: a checkpoint lets the finished WAL segments go (beyond
 * max_wal_size, set in embedded/pglite-worker.mjs), which otherwise piled up in the data
 * directory. Called every minute: checkpoints when 48 MB of log or more has been written since
 * the last checkpoint (the segments kept for reuse are not counted; a checkpoint
 * took 50–90 ms; each one also makes the next change of every page log the whole page, so not
 * more often than needed). Returns whether it checkpointed.
 */
export async function checkpointIfLogGrew(): Promise<boolean> {
  if (getDbHandle()?.driver !== 'pglite') return false;
  const [log] = await queryRows<{ bytes: number }>(
    sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), (select redo_lsn from pg_control_checkpoint()))::float8 as bytes`,
  );
  if ((log?.bytes ?? 0) <= WAL_CHECKPOINT_BYTES) return false;
  await db().execute(sql`checkpoint`);
  return true;
}
