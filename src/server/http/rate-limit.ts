import { sql } from 'drizzle-orm';
import { env } from '@/config/env';
import { db, queryRows } from '@/server/db/client';
import { AppError } from './errors';

export interface RateLimitRule {
  /** A stable name for the bucket, e.g. "sign-in". */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Counts one hit against `rule` for `subject` in the database, so that every app instance
 * shares the same counters. Fixed windows; one atomic upsert per hit.
 */
export async function consumeRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const window = rule.windowSeconds;
  const rows = await queryRows<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${window}) then now() else rate_limits.window_start end,
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${window}) then 1 else rate_limits.count + 1 end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${window}) - now())))::int as retry_after`);
  const row = rows[0]!;
  const count = Number(row.count);
  const limit = rule.limit * env().CHORUS_RATE_LIMIT_MULTIPLIER;
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfter: Math.max(1, Number(row.retry_after)),
  };
}

/** Drops windows that ended long ago; any instance may run it. */
export async function pruneRateLimits(): Promise<void> {
  await db().execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}

/** Counts a hit and refuses it with RATE_LIMITED (and Retry-After) once the limit is passed. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const result = await consumeRateLimit(rule, subject);
  if (!result.allowed) {
    throw new AppError('RATE_LIMITED', undefined, { headers: { 'Retry-After': String(result.retryAfter) } });
  }
}
