/**
 * Insights (/admin): the period a reader asks for and the figures the server answers. Days and
 * weeks are UTC; a week starts on Monday (ISO 8601). See src/features/insights/README.md.
 */
import { z } from 'zod';

export const INSIGHT_PERIODS = ['30d', '90d', '12m', 'custom'] as const;

import { MAX_PERIOD_DAYS } from './limits';

export { MAX_PERIOD_DAYS };

/**
 * What a refused period says (the API's words). The page shows its own, in the reader's language:
 * the loader sends the key (teamSetup.periodErrors), found by the message.
 */
export const PERIOD_MESSAGES = {
  badDate: 'Use a date like 2026-01-31.',
  notDate: 'Not a date.',
  fromMissing: 'A custom period needs a start date.',
  toMissing: 'A custom period needs an end date.',
  endBeforeStart: 'The end date comes before the start date.',
  tooLong: `A period covers at most ${MAX_PERIOD_DAYS} days.`,
} as const;
/** A refused period's key; `period` for anything else (a period not in the list). */
export type PeriodErrorKey = keyof typeof PERIOD_MESSAGES | 'period';
export function periodErrorKey(message: string): PeriodErrorKey {
  const found = Object.entries(PERIOD_MESSAGES).find(([, text]) => text === message);
  return found ? (found[0] as PeriodErrorKey) : 'period';
}
/** How many posts "top requests" lists, and how many boards "most active boards". */
export const TOP_REQUESTS = 10;
export const TOP_BOARDS = 5;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = z
  .string()
  .regex(DAY_PATTERN, PERIOD_MESSAGES.badDate)
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    PERIOD_MESSAGES.notDate,
  );

export const insightsQuery = z
  .object({
    period: z.enum(INSIGHT_PERIODS).default('30d').describe('The last 30 days, 90 days or 12 months, or `custom` (with from and to).'),
    from: isoDay.optional().describe('A custom period’s first day (YYYY-MM-DD, UTC).'),
    to: isoDay.optional().describe('A custom period’s last day (YYYY-MM-DD, UTC); a period covers at most 731 days.'),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: PERIOD_MESSAGES.fromMissing });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_MESSAGES.toMissing });
    if (!q.from || !q.to) return;
    const days = daysBetween(q.from, q.to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_MESSAGES.endBeforeStart });
    else if (days > MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_MESSAGES.tooLong });
  });
export type InsightsQuery = z.output<typeof insightsQuery>;

/** A period resolved to its first and last UTC day (both included). */
export const insightPeriodSchema = z.object({ key: z.enum(INSIGHT_PERIODS), from: z.string(), to: z.string() });
export type InsightPeriod = z.infer<typeof insightPeriodSchema>;

export const insightWeekSchema = z.object({
  /** The Monday that starts the week (UTC). Weeks at either end may be cut by the period. */
  week: z.string(),
  posts: z.number().int(),
  votes: z.number().int(),
  comments: z.number().int(),
});
export type InsightWeek = z.infer<typeof insightWeekSchema>;

export const insightStatusSchema = z.object({
  /** null: posts without a status. */
  name: z.string().nullable(),
  color: z.string().nullable(),
  count: z.number().int(),
});
export type InsightStatus = z.infer<typeof insightStatusSchema>;

export const insightRequestSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  board: z.string(),
  votesGained: z.number().int(),
  voteCount: z.number().int(),
});
export type InsightRequest = z.infer<typeof insightRequestSchema>;

export const insightBoardSchema = z.object({
  slug: z.string(),
  name: z.string(),
  posts: z.number().int(),
  votes: z.number().int(),
  comments: z.number().int(),
});
export type InsightBoard = z.infer<typeof insightBoardSchema>;

export const insightsReportSchema = z
  .object({
    period: insightPeriodSchema.extend({ timezone: z.literal('UTC') }),
    /** When the pre-computed figures were last brought up to date; null before the first computation. */
    updatedAt: z.string().nullable(),
    weeks: z.array(insightWeekSchema),
    /** Where the period's new posts stand now (merged duplicates left out). */
    statuses: z.array(insightStatusSchema),
    topRequests: z.array(insightRequestSchema),
    /** Posts by people outside the team, created in the period. */
    firstResponse: z.object({ medianSeconds: z.number().nullable(), answered: z.number().int(), unanswered: z.number().int() }),
    boards: z.array(insightBoardSchema),
  })
  .meta({ id: 'InsightsReport' });
export type InsightsReport = z.infer<typeof insightsReportSchema>;

/** Whole days from `a` to `b` (YYYY-MM-DD, UTC). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The UTC day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The UTC day of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The Monday of `day`'s ISO week. */
export function weekStart(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The first and last day of a period, counted back from `today` (UTC). */
export function resolvePeriod(q: InsightsQuery, today: string): InsightPeriod {
  if (q.period === 'custom' && q.from && q.to) return { key: 'custom', from: q.from, to: q.to };
  const days = q.period === '90d' ? 90 : q.period === '12m' ? 365 : 30;
  return { key: q.period === 'custom' ? '30d' : q.period, from: addDays(today, -(days - 1)), to: today };
}
