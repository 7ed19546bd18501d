/**
 * The team's properties of a post (SPEC.md §3, "post (added)"): its owner, its ETA, and the
 * impact and effort scores the priority is computed from. The stored priority itself is kept by
 * the database (the posts_priority trigger, drizzle/0014_team_workspace.sql), in the same
 * statement as every change of its inputs.
 */
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/server/service';
import { listTeamMates, type TeamMate } from '@/features/members/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import { posts } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import type { EtaPrecision } from '../enums';
import type { PostPropertiesInput, TeamProperties } from '../schema';
import { getPostContext, type PostRow } from './access-service';

/** `2027-03` → 2027-03-01 (month); `2027-Q2` → 2027-04-01 (quarter). */
export function etaToStored(eta: string): { eta: string; etaPrecision: EtaPrecision } {
  const [year, part] = eta.split('-') as [string, string];
  if (part.startsWith('Q')) {
    const month = (Number(part.slice(1)) - 1) * 3 + 1;
    return { eta: `${year}-${String(month).padStart(2, '0')}-01`, etaPrecision: 'quarter' };
  }
  return { eta: `${year}-${part}-01`, etaPrecision: 'month' };
}

/** The stored first day and precision back to `2027-03` or `2027-Q2`. */
export function etaFromStored(eta: string | null, precision: EtaPrecision | null): string | null {
  if (!eta || !precision) return null;
  const [year, month] = eta.split('-') as [string, string];
  return precision === 'quarter' ? `${year}-Q${Math.floor((Number(month) - 1) / 3) + 1}` : `${year}-${month}`;
}

/** A post's team properties, its owner resolved against the team (an owner who left reads as none). */
export function teamPropertiesOf(
  post: Pick<PostRow, 'ownerId' | 'eta' | 'etaPrecision' | 'impact' | 'effort' | 'priority'>,
  team: readonly TeamMate[],
): TeamProperties {
  const owner = post.ownerId ? (team.find((m) => m.id === post.ownerId) ?? null) : null;
  return {
    owner,
    eta: etaFromStored(post.eta, post.etaPrecision),
    impact: post.impact,
    effort: post.effort,
    priority: post.priority,
  };
}

/** Sets the properties given (null clears one); the others stay. Recorded in the audit log. */
export async function setPostProperties(actor: UserActor, number: number, input: PostPropertiesInput, ip: string): Promise<TeamProperties> {
  return db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    const team = await listTeamMates(tx);
    if (input.ownerId && !team.some((m) => m.id === input.ownerId)) {
      throw new AppError('VALIDATION_FAILED', undefined, { fields: { ownerId: 'Only a moderator or admin can own a post.' } });
    }
    const before = teamPropertiesOf(ctx.post, team);
    const values: Partial<Pick<PostRow, 'ownerId' | 'eta' | 'etaPrecision' | 'impact' | 'effort'>> = {};
    if (input.ownerId !== undefined) values.ownerId = input.ownerId;
    if (input.eta !== undefined) Object.assign(values, input.eta === null ? { eta: null, etaPrecision: null } : etaToStored(input.eta));
    if (input.impact !== undefined) values.impact = input.impact;
    if (input.effort !== undefined) values.effort = input.effort;
    const updated = await updatePostProperties(tx, ctx.post.id, values);
    const after = teamPropertiesOf(updated, team);
    const comparable = (p: TeamProperties, k: 'owner' | 'eta' | 'impact' | 'effort') => (k === 'owner' ? (p.owner?.id ?? null) : p[k]);
    const changed = (['owner', 'eta', 'impact', 'effort'] as const).filter((k) => comparable(before, k) !== comparable(after, k));
    if (changed.length) {
      const view = (p: TeamProperties) =>
        Object.fromEntries(changed.map((k) => [k, k === 'owner' ? (p.owner?.displayName ?? null) : p[k]]));
      await recordAudit(
        {
          actor,
          action: 'post.properties_changed',
          targetType: 'post',
          targetId: String(number),
          before: view(before),
          after: view(after),
          ip,
        },
        tx,
      );
    }
    return after;
  });
}

async function updatePostProperties(tx: DbOrTx, postId: string, values: Partial<PostRow>): Promise<PostRow> {
  const [row] = await tx
    .update(posts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(posts.id, postId))
    .returning();
  return row!;
}
