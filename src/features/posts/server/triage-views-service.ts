/**
 * Saved triage views: each team member names the filters and sort they come back to. A view is
 * its URL query (the same one the address bar shows), checked and written in one canonical
 * order, so a saved view and a shared link are the same thing.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { triageViews } from '@/server/db/schema';
import { AppError, onUniqueViolation } from '@/server/http/errors';
import { triageQuery, triageQueryString, type TriageView } from '../triage-schema';

/** Views one person may keep. */
export const MAX_VIEWS = 30;

/** The query's filters and sort in the fixed order; paging and unknown parameters dropped; null when not valid. */
export function canonicalTriageQuery(raw: string): string | null {
  const params = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  const parsed = triageQuery.safeParse(Object.fromEntries(params));
  return parsed.success ? triageQueryString(parsed.data) : null;
}

export async function listTriageViews(userId: string): Promise<TriageView[]> {
  return db()
    .select({ id: triageViews.id, name: triageViews.name, query: triageViews.query })
    .from(triageViews)
    .where(eq(triageViews.userId, userId))
    .orderBy(asc(triageViews.createdAt), asc(triageViews.id));
}

export async function saveTriageView(userId: string, input: { name: string; query: string }): Promise<TriageView> {
  const query = canonicalTriageQuery(input.query);
  if (query === null) throw new AppError('VALIDATION_FAILED', undefined, { fields: { query: 'These filters are not valid.' } });
  const [{ n }] = (await db().select({ n: count() }).from(triageViews).where(eq(triageViews.userId, userId))) as [{ n: number }];
  if (n >= MAX_VIEWS) throw new AppError('VALIDATION_FAILED', undefined, { fields: { name: `You can keep at most ${MAX_VIEWS} views.` } });
  const [row] = await onUniqueViolation(
    () =>
      db().insert(triageViews).values({ userId, name: input.name, query }).returning({
        id: triageViews.id,
        name: triageViews.name,
        query: triageViews.query,
      }),
    () => new AppError('CONFLICT', undefined, { fields: { name: 'You already have a view with this name.' } }),
  );
  return row!;
}

/** Deletes one of the person's own views; another person's view is NOT_FOUND. */
export async function deleteTriageView(userId: string, id: number): Promise<void> {
  const deleted = await db()
    .delete(triageViews)
    .where(and(eq(triageViews.id, id), eq(triageViews.userId, userId)))
    .returning({ id: triageViews.id });
  if (!deleted.length) throw new AppError('NOT_FOUND', 'There is no such view.');
}
