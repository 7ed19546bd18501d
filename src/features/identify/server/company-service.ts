/**
 * Companies as the team sees them (SPEC.md §3): the revenue behind a post, the seam for the
 * prioritisation work's "sort by revenue behind it", which is not built yet (docs/identify.md,
 * "Revenue behind a post"). One definition (queries.ts, `revenueBehindPostSql`), usable as a
 * sort key in any posts query, and a reader for a few posts.
 *
 * The revenue behind a post is the sum of the monthly revenue of the distinct companies whose
 * people voted for it: two voters of one company count that company once, and voters without a
 * company, or companies without a revenue, add nothing. Deleted accounts have no company.
 */
import type { DbOrTx } from '@/server/db/client';
import { selectRevenueBehindPosts } from './queries';

export { revenueBehindPostSql } from './queries';

/** The revenue behind each of these posts, in cents (0 for a post with none). */
export async function revenueBehindPosts(db: DbOrTx, postIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(postIds.map((id) => [id, 0]));
  if (postIds.length === 0) return out;
  for (const row of await selectRevenueBehindPosts(db, postIds)) out.set(row.id, Number(row.cents));
  return out;
}
