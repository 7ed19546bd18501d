import { canModerate, canEnterTeamArea } from '@/core/identity/policy';
import { postApprovalInput, postParams, postPinInput } from '@/features/posts/schema';
import { endpoint, json, route } from '@/server/http/route';
import { inboxQuery, inboxSchema, postApprovalResultSchema, postPinResultSchema } from '../schema';
import { decidePostApproval, getInbox, setPostPinned } from './service';

/** GET /api/v1/inbox: the team's triage inbox (pending posts, posts without a status). */
export const inboxRoute = route('/api/v1/inbox', {
  GET: endpoint({
    authorize: canEnterTeamArea,
    apiKey: 'key',
    query: inboxQuery,
    summary: 'Read the team’s inbox',
    description:
      'Two sections, newest first, each paged on its own cursor: posts awaiting approval, and posts without a status. For ' +
      'moderators and admins.',
    response: inboxSchema,
    handle: async ({ actor, query }) => json(await getInbox(actor, query)),
  }),
});

/** POST /api/v1/posts/[number]/approval {approval}: the team approves or rejects a pending post. */
export const postApprovalRoute = route('/api/v1/posts/{number}/approval', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: postParams,
    body: postApprovalInput,
    summary: 'Approve or reject a post',
    description:
      'The team decides on a post awaiting approval: approved makes it public; rejected hides it and tells its author by ' +
      'email. A post already decided is a conflict.',
    response: postApprovalResultSchema,
    handle: async ({ actor, query, body, ip }) => json(await decidePostApproval(actor, query.number, body.approval, ip)),
  }),
});

/** POST /api/v1/posts/[number]/pin {pinned}: the team pins or unpins a post. */
export const postPinRoute = route('/api/v1/posts/{number}/pin', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: postParams,
    body: postPinInput,
    summary: 'Pin or unpin a post',
    description: 'The team pins a post (pinned posts lead their board’s trending list) or unpins it.',
    response: postPinResultSchema,
    handle: async ({ actor, query, body, ip }) => json(await setPostPinned(actor, query.number, body.pinned, ip)),
  }),
});
