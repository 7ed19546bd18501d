/**
 * The priority formula (src/features/posts/README.md, "Prioritisation"), for showing what drives a
 * score. The database keeps the stored priority with the same formula (chorus_post_priority in
 * drizzle/0014_team_workspace.sql); a test holds the two equal.
 *
 *   priority = (votes weight × log2(1 + votes) + impact weight × impact) ÷ (1 + effort weight × (effort − 1))
 *
 * Impact not scored counts 0; effort not scored counts as medium (3).
 */
export interface PriorityWeights {
  votes: number;
  impact: number;
  effort: number;
}
export const DEFAULT_PRIORITY_WEIGHTS: PriorityWeights = { votes: 1, impact: 1, effort: 0.5 };
/** Effort assumed when the team has not scored it. */
export const UNSCORED_EFFORT = 3;

export function priorityParts(
  input: { votes: number; impact: number | null; effort: number | null },
  w: PriorityWeights,
): { votes: number; impact: number; cost: number; priority: number } {
  const votes = w.votes * Math.log2(1 + Math.max(0, input.votes));
  const impact = w.impact * (input.impact ?? 0);
  const cost = 1 + w.effort * ((input.effort ?? UNSCORED_EFFORT) - 1);
  return { votes, impact, cost, priority: Math.round(((votes + impact) / cost) * 10_000) / 10_000 };
}
