/**
 * Table upkeep that PostgreSQL's autovacuum does by itself but embedded PGlite does not: PGlite
 * runs no background workers, so without this its planner statistics never change (a freshly
 * seeded or grown database is planned as if its tables were empty, and the post lists fall back
 * from their indexes to scanning every post) and dead row versions from counter updates pile up.
 */
import { sql } from 'drizzle-orm';
import { db, getDbHandle } from './client';

/** ANALYZE only: cheap (sampled), refreshes the planner's statistics. */
export async function analyzeIfEmbedded(): Promise<void> {
  if (getDbHandle()?.driver !== 'pglite') return;
  await db().execute(sql`analyze`);
}

/** VACUUM ANALYZE: reclaims dead rows and refreshes statistics. */
export async function vacuumIfEmbedded(): Promise<void> {
  if (getDbHandle()?.driver !== 'pglite') return;
  await db().execute(sql`vacuum analyze`);
}
