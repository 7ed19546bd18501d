/**
 * The priority formula's weights (src/features/posts/README.md, "Prioritisation"). They live on the
 * workspace row, where the posts_priority trigger reads them; this feature owns that column.
 * After a change every post's stored priority is computed again by a background job, in batches
 * (claimed in the database: one instance does each batch, and a crash resumes where it stopped).
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '@/features/audit/server/service';
import { db, queryRows, type DbOrTx } from '@/server/db/client';
import { posts, workspaceSettings } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { enqueueJob, jobHandler, kickJobs } from '@/server/jobs/queue';
import { DEFAULT_PRIORITY_WEIGHTS, type PriorityWeights } from '../priority';

export const priorityWeightsSchema = z.object({
  votes: z.number().min(0, 'From 0 to 5').max(5, 'From 0 to 5'),
  impact: z.number().min(0, 'From 0 to 5').max(5, 'From 0 to 5'),
  effort: z.number().min(0, 'From 0 to 2').max(2, 'From 0 to 2'),
});

export const PRIORITY_RECOMPUTE_KIND = 'posts.recompute_priority';
const BATCH = 2_000;

export async function getPriorityWeights(from: DbOrTx = db()): Promise<PriorityWeights> {
  const [row] = await from.select({ w: workspaceSettings.priorityWeights }).from(workspaceSettings).where(eq(workspaceSettings.id, 1));
  const parsed = priorityWeightsSchema.safeParse(row?.w);
  return parsed.success ? parsed.data : DEFAULT_PRIORITY_WEIGHTS;
}

export async function setPriorityWeights(actor: UserActor, weights: PriorityWeights, ip: string): Promise<PriorityWeights> {
  await db().transaction(async (tx) => {
    const before = await getPriorityWeights(tx);
    await tx
      .update(workspaceSettings)
      .set({ priorityWeights: weights, updatedAt: sql`now()` })
      .where(eq(workspaceSettings.id, 1));
    await recordAudit({ actor, action: 'workspace.priority_weights_changed', targetType: 'workspace', before, after: weights, ip }, tx);
    await enqueueJob(PRIORITY_RECOMPUTE_KIND, { afterId: null }, { tx });
  });
  kickJobs();
  return weights;
}

/** One batch of posts (by id) gets its priority from the current weights; the next batch is queued. */
export async function recomputePriorityBatch(tx: DbOrTx, afterId: string | null): Promise<string | null> {
  const rows = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(afterId ? gt(posts.id, afterId) : undefined))
    .orderBy(posts.id)
    .limit(BATCH);
  const last = rows.at(-1)?.id ?? null;
  if (!last) return null;
  await tx
    .update(posts)
    .set({
      priority: sql`chorus_post_priority(${posts.voteCount}, ${posts.impact}, ${posts.effort},
        coalesce((select priority_weights from ${workspaceSettings} where id = 1), '{}'::jsonb))`,
    })
    .where(and(afterId ? gt(posts.id, afterId) : undefined, lte(posts.id, last)));
  return rows.length === BATCH ? last : null;
}

export const priorityJobs = {
  [PRIORITY_RECOMPUTE_KIND]: jobHandler(z.object({ afterId: z.uuid().nullable() }), async ({ afterId }, { tx, afterCommit }) => {
    const next = await recomputePriorityBatch(tx, afterId);
    if (next) {
      await enqueueJob(PRIORITY_RECOMPUTE_KIND, { afterId: next }, { tx });
      afterCommit(() => kickJobs());
    }
  }),
};

/** The database's formula for given inputs (tests hold it equal to priorityParts). */
export async function priorityInDatabase(votes: number, impact: number | null, effort: number | null, w: PriorityWeights): Promise<number> {
  const [row] = await queryRows<{ p: number }>(
    sql`select chorus_post_priority(${votes}::int, ${impact}::smallint, ${effort}::smallint, ${JSON.stringify(w)}::jsonb) as p`,
  );
  return Number(row!.p);
}
