import { canModerate, canEnterTeamArea } from '@/core/identity/policy';
import { commentParams } from '@/features/comments/schema';
import { postApprovalInput, postParams, postPinInput } from '@/features/posts/schema';
import { endpoint, json, route } from '@/server/http/route';
import { commentApprovalInput, inboxQuery } from '../schema';
import { decideCommentApproval, decidePostApproval, getInbox, setPostPinned } from './service';

/** GET /api/v1/inbox: the team's triage inbox (pending posts and comments, posts without a status). */
export const inboxRoute = route('/api/v1/inbox', {
  GET: endpoint({
    authorize: canEnterTeamArea,
    apiKey: 'key',
    query: inboxQuery,
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
    handle: async ({ actor, query, body, ip }) => json(await setPostPinned(actor, query.number, body.pinned, ip)),
  }),
});

/** POST /api/v1/comments/[id]/approval {approval}: the team approves or rejects a pending comment. */
export const commentApprovalRoute = route('/api/v1/comments/{id}/approval', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: commentParams,
    body: commentApprovalInput,
    handle: async ({ actor, query, body, ip }) => json(await decideCommentApproval(actor, query.id, body.approval, ip)),
  }),
});
