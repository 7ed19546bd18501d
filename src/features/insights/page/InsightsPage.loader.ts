import { canEnterTeamArea } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { insightsQuery, periodErrorKey, type PeriodErrorKey } from '../schema';
import { getInsights } from '../server/service';
import type { InsightsPageProps } from './InsightsPage';

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** `/admin`: insights for moderators and admins; members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<InsightsPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canEnterTeamArea(actor));
  if (denied) return denied;
  const asked = { period: one(ctx.query.period), from: one(ctx.query.from), to: one(ctx.query.to) };
  const parsed = insightsQuery.safeParse(asked);
  const form = { period: asked.period ?? '30d', from: asked.from ?? '', to: asked.to ?? '' };
  if (!parsed.success) {
    // Keys, not words: the page says them in the reader's language.
    const errors: Record<string, PeriodErrorKey> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'period')] ??= periodErrorKey(issue.message);
    return { props: { report: null, form, errors } };
  }
  return { props: { report: await getInsights(parsed.data), form, errors: {} } };
});
