/**
 * One change to several posts from the triage list: a status (with its public note, which each
 * post's history and subscribers get), tags added, tags removed. Each post changes in its own
 * transaction, as if changed one by one; a post that cannot take the change is reported and
 * left as it was, and the others still change.
 */
import { MAX_TAGS_PER_POST } from '@/features/tags/schema';
import { findTagRefs } from '@/features/tags/server/service';
import { findStatusRef } from '@/features/statuses/server/service';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { kickJobs } from '@/server/jobs/queue';
import type { TriageBulkInput, TriageBulkResult } from '../triage-schema';
import { getPostContext } from './access-service';
import { listPostTagIds, replacePostTags } from './queries';
import { auditTagChange, recordStatusChange } from './triage-service';

export async function applyTriageBulk(actor: UserActor, input: TriageBulkInput, ip: string): Promise<TriageBulkResult> {
  const status = input.statusId ? await findStatusRef(db(), input.statusId) : null;
  if (input.statusId && !status)
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { statusId: 'Choose one of the statuses.' } });
  const tagIds = [...new Set([...input.addTagIds, ...input.removeTagIds])];
  if ((await findTagRefs(db(), tagIds)).length !== tagIds.length) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { addTagIds: 'Some of these tags do not exist (any more).' } });
  }
  const remove = new Set(input.removeTagIds);
  const result: TriageBulkResult = { changed: [], skipped: [] };
  let statusChanged = false;
  for (const number of [...new Set(input.numbers)]) {
    try {
      await db().transaction(async (tx) => {
        const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
        if (status && (ctx.status?.id !== status.id || input.note !== '')) {
          await recordStatusChange(tx, actor, ctx, status, input.note, ip);
          statusChanged = true;
        }
        if (tagIds.length) {
          const current = await listPostTagIds(tx, ctx.post.id);
          const next = [...new Set([...current.filter((id) => !remove.has(id)), ...input.addTagIds.filter((id) => !remove.has(id))])];
          if (next.length > MAX_TAGS_PER_POST)
            throw new AppError('VALIDATION_FAILED', `It would have more than ${MAX_TAGS_PER_POST} tags.`, { reason: 'tooManyTags' });
          const same = next.length === current.length && next.every((id) => current.includes(id));
          if (!same) {
            await replacePostTags(tx, ctx.post.id, next);
            await auditTagChange(tx, actor, ctx.post.number, current, next, ip);
          }
        }
      });
      result.changed.push(number);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.skipped.push({ number, reason: error.code === 'NOT_FOUND' ? 'There is no such post.' : error.message });
    }
  }
  if (statusChanged) kickJobs();
  return result;
}
