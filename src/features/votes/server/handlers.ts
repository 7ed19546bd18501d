import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import type { RateLimitRule } from '@/server/http/rate-limit';
import { canModerate, isSignedIn } from '@/core/identity/policy';
import { postMergeInput, postParams } from '@/features/posts/schema';
import { voteOnBehalfInput, voterListQuery } from '../schema';
import { mergePost, unmergePost } from './merge';
import { listVoterPage, setVote, voteOnBehalf } from './service';

/** SPEC.md §9: votes 120/min per user (the pipeline counts per user when signed in). */
export const VOTE_RATE_LIMIT: RateLimitRule = { name: 'votes', limit: 120, windowSeconds: 60 };

/** PUT (vote) and DELETE (unvote) /api/v1/posts/[number]/vote → {voted, voteCount}. */
export const voteRoute = route({
  PUT: endpoint({
    authorize: isSignedIn,
    errors: ['NOT_FOUND', 'VOTING_CLOSED'],
    query: postParams,
    rateLimit: VOTE_RATE_LIMIT,
    handle: async ({ actor, query }) => json(await setVote(actor, query.number, true)),
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    errors: ['NOT_FOUND', 'VOTING_CLOSED'],
    query: postParams,
    rateLimit: VOTE_RATE_LIMIT,
    handle: async ({ actor, query }) => json(await setVote(actor, query.number, false)),
  }),
});

/**
 * GET /api/v1/posts/[number]/votes: the voters, to whoever may see the post.
 * POST {email, displayName?}: the team votes on a person's behalf.
 */
export const votesRoute = route({
  GET: endpoint({
    authorize: anyone,
    query: postParams.extend(voterListQuery.shape),
    handle: async ({ actor, query }) => json(await listVoterPage(actor, query.number, query)),
  }),
  POST: endpoint({
    authorize: canModerate,
    errors: ['NOT_FOUND', 'VOTING_CLOSED', 'CONFLICT'],
    query: postParams,
    body: voteOnBehalfInput,
    rateLimit: VOTE_RATE_LIMIT,
    handle: async ({ actor, query, body, ip }) => json(await voteOnBehalf(actor, query.number, body, ip)),
  }),
});

/** POST {into} merges this post into another; DELETE unmerges it (moderators). */
export const mergeRoute = route({
  POST: endpoint({
    authorize: canModerate,
    errors: ['NOT_FOUND', 'MERGE_INVALID'],
    query: postParams,
    body: postMergeInput,
    handle: async ({ actor, query, body, ip }) => json(await mergePost(actor, query.number, body.into, ip)),
  }),
  DELETE: endpoint({
    authorize: canModerate,
    query: postParams,
    handle: async ({ actor, query, ip }) => json(await unmergePost(actor, query.number, ip)),
  }),
});
