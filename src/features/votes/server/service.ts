/**
 * Votes (SPEC.md §4): one per person and post, toggled atomically. Each change runs in one
 * transaction that locks the post row first (getPostContext forUpdate), so it is serialised
 * against other votes and against merges of that post; the vote row is written with
 * ON CONFLICT DO NOTHING and the counter (and trending score) moves only when a row was
 * really inserted or deleted. Voting twice counts once; concurrent double-clicks too.
 *
 * Voting closed (done/closed status, merged, archived board, not approved) refuses unvoting as
 * well: SPEC.md §4 says the votes already cast stay, so a closed post's count is frozen.
 */
import { kickJobs } from '@/server/jobs/queue';
import { keptFor, noteVote } from '@/server/cache/visitor-cache';
import { emitEvent } from '@/server/events';
import { publishLive } from '@/server/live/publish';
import { presentPerson } from '@/core/identity/person';
import { canModerate, isTeamMember, canParticipate } from '@/core/identity/policy';
import { apiKeyLabel, recordAudit } from '@/features/audit/server/service';
import { findOrCreateCustomer } from '@/features/members/server/customer-service';
import { assertVotingOpen, getPostContext } from '@/features/posts/server/access-service';
import { autoSubscribe } from '@/features/subscriptions/server/service';
import { db } from '@/server/db/client';
import type { Actor, UserActor } from '@/server/identity/actor';
import { requireAllowed } from '@/server/identity/authorize';
import { isUuid, requireCursor, timeIdCursor } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import { retryingConflicts } from '@/server/db/retry';
import type { VoteOnBehalfInput, VoteOnBehalfResult, VoterListQuery, VoterPage, VoteState } from '../schema';
import { applyVoteDelta, deleteVote, insertVote, listVoters, votedPostNumbers, type VoterKey } from './queries';

/** Votes (`voted` true) or unvotes; idempotent. */
export async function setVote(actor: UserActor, number: number, voted: boolean): Promise<VoteState> {
  let cast = false;
  // Every effect is in the transaction (the live signal too is written in it), so it may run again.
  const state = await retryingConflicts(() =>
    db().transaction(async (tx) => {
      cast = false;
      const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
      // Closed first: an archived board is VOTING_CLOSED (SPEC.md §8), not a permission matter.
      assertVotingOpen(ctx);
      requireAllowed(
        canParticipate(actor, { posting: ctx.board.posting, archived: ctx.board.archivedAt !== null }),
        'Only the team votes on this board.',
      );
      const changed = voted
        ? await insertVote(tx, { postId: ctx.post.id, userId: actor.id, castByKeyId: actor.apiKey?.id ?? null })
        : await deleteVote(tx, ctx.post.id, actor.id);
      const voteCount = changed ? await applyVoteDelta(tx, ctx.post.id, voted ? 1 : -1) : ctx.post.voteCount;
      if (voted) await autoSubscribe(tx, actor.id, ctx.post.id);
      if (voted && changed) {
        await emitEvent(tx, { type: 'vote.created', postId: ctx.post.id, userId: actor.id, actorId: actor.id });
        cast = true;
      }
      // A removed vote is no domain event (nothing follows from it) but open pages show the count.
      if (!voted && changed) await publishLive(tx, { kind: 'votes', postId: ctx.post.id });
      return { state: { voted, voteCount }, board: ctx.board.slug };
    }),
  );
  // Only the copies that show this post's count go (src/server/cache/changes.ts).
  noteVote({ post: number, board: state.board, voter: actor.id });
  if (cast) kickJobs();
  return state.state;
}

/**
 * Which of these posts (by number) the user has voted for: one indexed read, kept until they
 * vote or anything else changes (a merge, an import, a vote cast for them: whole changes), so a
 * shared page costs the database nothing for the votes of someone who is not voting.
 */
export async function votedAmong(userId: string, numbers: readonly number[]): Promise<Set<number>> {
  const voted = await keptFor(
    'anyone',
    `voted:${userId}:${numbers.join(',')}`,
    async () => [...(await votedPostNumbers(db(), userId, numbers))],
    { voter: userId },
  );
  return new Set(voted);
}

/**
 * A moderator, or an API key with the write or admin scope, votes for a person by email (SPEC.md
 * §1; `externalId` from keys is matched first): their account, or a new member account without a
 * password (email unverified; they can claim it through "email me a link" or a password reset).
 * The vote records who cast it (and the key, when a key did), counts like any other and is idempotent.
 */
export async function voteOnBehalf(actor: UserActor, number: number, input: VoteOnBehalfInput, ip: string): Promise<VoteOnBehalfResult> {
  requireAllowed(canModerate(actor));
  if (input.externalId !== undefined && !actor.apiKey) {
    throw new AppError('FORBIDDEN', 'Only an API key can name a customer by external id.');
  }
  const result = await retryingConflicts(() =>
    db().transaction(async (tx) => {
      const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
      assertVotingOpen(ctx);
      const { user, created } = await findOrCreateCustomer(
        tx,
        { email: input.email, name: input.displayName, externalId: input.externalId },
        { actor, createdAction: actor.apiKey ? 'member.created_for_customer' : 'member.created_for_vote', ip },
      );
      const changed = await insertVote(tx, {
        postId: ctx.post.id,
        userId: user.id,
        castById: actor.id,
        castByKeyId: actor.apiKey?.id ?? null,
      });
      const voteCount = changed ? await applyVoteDelta(tx, ctx.post.id, 1) : ctx.post.voteCount;
      await autoSubscribe(tx, user.id, ctx.post.id);
      if (changed) await emitEvent(tx, { type: 'vote.created', postId: ctx.post.id, userId: user.id, actorId: actor.id });
      if (changed) {
        await recordAudit(
          {
            actor,
            action: 'vote.cast_on_behalf',
            targetType: 'post',
            targetId: String(ctx.post.number),
            after: { userId: user.id, email: user.email },
            ip,
          },
          tx,
        );
      }
      return { voted: true, voteCount, voter: { id: user.id, displayName: user.displayName, created } };
    }),
  );
  kickJobs();
  return result;
}

/** The voter list's cursor: the last vote's exact (created_at, user id). */
const voterCursor = timeIdCursor(isUuid);

/** The post's voters, newest first. Who cast a vote on someone's behalf is shown to the team only. */
export async function listVoterPage(actor: Actor, number: number, query: VoterListQuery): Promise<VoterPage> {
  const ctx = await getPostContext(db(), actor, number);
  const key = query.cursor ? requireCursor(voterCursor, query.cursor) : undefined;
  const after: VoterKey | undefined = key && { createdAt: key.createdAt, userId: key.id };
  const rows = await listVoters(db(), ctx.post.id, { after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const team = isTeamMember(actor);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      ...presentPerson({ id: r.userId, displayName: r.displayName, avatarUrl: r.avatarUrl, deleted: r.deletedAt !== null }),
      votedAt: r.createdAt.toISOString(),
      ...(team
        ? {
            castBy: r.castByKeyName ? apiKeyLabel(r.castByKeyName) : (r.castByName ?? null),
            company: r.companyName !== null ? { name: r.companyName, monthlyRevenueCents: r.companyMonthlyRevenueCents } : null,
          }
        : {}),
    })),
    nextCursor: rows.length > query.limit && last ? voterCursor.encode({ createdAt: last.createdAtKey, id: last.userId }) : null,
    voteCount: ctx.post.voteCount,
  };
}
