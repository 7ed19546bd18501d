import { z } from 'zod';
import { anyone } from '@/core/identity/policy';
import { AppError } from '@/server/http/errors';
import { endpoint, json, route } from '@/server/http/route';
import type { RateLimitRule } from '@/server/http/rate-limit';
import { canModerate, isSignedIn } from '@/core/identity/policy';
import { postMergeInput, postParams } from '@/features/posts/schema';
import {
  mergeResultSchema,
  voteInput,
  voteOnBehalfInput,
  voteOnBehalfResultSchema,
  voterListQuery,
  voterPageSchema,
  voteStateSchema,
} from '../schema';
import { mergePost, unmergePost } from './merge';
import { listVoterPage, setVote, voteOnBehalf } from './service';
import { exportVotersCsv, VOTER_CSV_COLUMNS } from './voter-export';

/** SPEC.md §9: votes 120/min per user (the pipeline counts per user when signed in). */
export const VOTE_RATE_LIMIT: RateLimitRule = { name: 'votes', limit: 120, windowSeconds: 60 };

/**
 * PUT (vote) and DELETE (unvote) /api/v1/posts/[number]/vote → {voted, voteCount}. An API key
 * with the write or admin scope may send `{onBehalfOf}` to vote for a customer instead.
 */
export const voteRoute = route('/api/v1/posts/{number}/vote', {
  PUT: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    widget: true,
    errors: ['NOT_FOUND', 'VOTING_CLOSED', 'CONFLICT'],
    query: postParams,
    body: voteInput,
    rateLimit: VOTE_RATE_LIMIT,
    changes: 'votes',
    summary: 'Vote for a post',
    description:
      'Adds the caller’s vote (nothing changes if they have already voted) and answers the vote state. No body is needed. ' +
      'An API key with the write or admin scope may send `{onBehalfOf}` to vote for a customer instead; the answer then ' +
      'also names the voter, and whether their account was created.',
    // The more specific first: a vote for a customer also names the voter.
    response: z.union([voteOnBehalfResultSchema, voteStateSchema]),
    handle: async ({ actor, query, body, ip }) => {
      const customer = body?.onBehalfOf;
      if (!customer) return json(await setVote(actor, query.number, true));
      if (!actor.apiKey)
        throw new AppError('FORBIDDEN', 'Only an API key can vote on behalf of a customer here; the team uses POST …/votes.');
      return json(
        await voteOnBehalf(actor, query.number, { email: customer.email, displayName: customer.name, externalId: customer.externalId }, ip),
      );
    },
  }),
  DELETE: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    widget: true,
    errors: ['NOT_FOUND', 'VOTING_CLOSED'],
    query: postParams,
    rateLimit: VOTE_RATE_LIMIT,
    changes: 'votes',
    summary: 'Withdraw a vote',
    description: 'Removes the caller’s vote (nothing changes if they had not voted) and answers the vote state.',
    response: voteStateSchema,
    handle: async ({ actor, query }) => json(await setVote(actor, query.number, false)),
  }),
});

/**
 * GET /api/v1/posts/[number]/votes: the voters, to whoever may see the post.
 * POST {email, displayName?}: the team votes on a person's behalf.
 */
export const votesRoute = route('/api/v1/posts/{number}/votes', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    query: postParams.extend(voterListQuery.shape),
    summary: "List a post's voters",
    description:
      'The voters of a post the caller may see, newest first, a page at a time (`cursor`, `limit`). Who cast a vote on ' +
      'someone’s behalf, and the voter’s company, are shown to the team only.',
    response: voterPageSchema,
    handle: async ({ actor, query }) => json(await listVoterPage(actor, query.number, query)),
  }),
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    errors: ['NOT_FOUND', 'VOTING_CLOSED', 'CONFLICT'],
    query: postParams,
    body: voteOnBehalfInput,
    rateLimit: VOTE_RATE_LIMIT,
    summary: 'Vote on behalf of a person',
    description:
      'The team votes for a person by email (their account is created, unverified, when they have none). Answers the vote ' +
      'state and the voter.',
    response: voteOnBehalfResultSchema,
    handle: async ({ actor, query, body, ip }) => json(await voteOnBehalf(actor, query.number, body, ip)),
  }),
});

/** Voter list downloads per team member: a generous bound on a query that reads every voter of a post. */
export const VOTER_EXPORT_RATE_LIMIT: RateLimitRule = { name: 'voter-exports', limit: 60, windowSeconds: 3600 };

/** GET /api/v1/posts/[number]/votes.csv: every voter, as a CSV download (moderators and admins). */
export const votersCsvRoute = route('/api/v1/posts/{number}/votes.csv', {
  GET: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    rateLimit: VOTER_EXPORT_RATE_LIMIT,
    produces: 'text/csv',
    summary: "Download a post's voters as CSV",
    description:
      'A CSV file, not JSON (RFC 4180: UTF-8 with a byte-order mark, CRLF line ends, a header line), of every voter of the post, ' +
      `newest first, as an attachment named post-<number>-voters.csv. Columns: ${VOTER_CSV_COLUMNS.join(', ')} ` +
      '(voted_at in ISO 8601 UTC; cast_by is the team member who voted on the person’s behalf, or empty; company and ' +
      'company_mrr are the company the host product named in its identify token and its monthly revenue in currency units, ' +
      'or empty). A deleted account ' +
      'is “Deleted user” with no address. Text a spreadsheet would run as a formula starts with an apostrophe. Errors are JSON as ' +
      'everywhere; a post the caller may not see is 404. Each download is recorded in the audit log.',
    handle: async ({ actor, query, ip }) => {
      const csv = await exportVotersCsv(actor, query.number, ip);
      return {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${csv.filename}"`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        },
        stream: csv.chunks,
      };
    },
  }),
});

/** POST {into} merges this post into another; DELETE unmerges it (moderators). */
export const mergeRoute = route('/api/v1/posts/{number}/merge', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    errors: ['NOT_FOUND', 'MERGE_INVALID'],
    query: postParams,
    body: postMergeInput,
    summary: 'Merge a post into another',
    description:
      'Merges this post into `into`: its votes move there (each person counted once), and it shows as merged. Answers ' +
      'both posts’ state.',
    response: mergeResultSchema,
    handle: async ({ actor, query, body, ip }) => json(await mergePost(actor, query.number, body.into, ip)),
  }),
  DELETE: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    summary: 'Undo a merge',
    description:
      'Unmerges the post: the votes it brought come back to it. Answers both posts’ state (`target` null when nothing was merged).',
    response: mergeResultSchema,
    handle: async ({ actor, query, ip }) => json(await unmergePost(actor, query.number, ip)),
  }),
});
