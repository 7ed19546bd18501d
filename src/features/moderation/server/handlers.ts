import { canModerate, canEnterTeamArea } from '@/core/identity/policy';
import { postApprovalInput, postParams, postPinInput } from '@/features/posts/schema';
import { endpoint, json, route } from '@/server/http/route';
import { inboxQuery } from '../schema';
import { decidePostApproval, getInbox, setPostPinned } from './service';

/** GET /api/v1/inbox: the team's triage inbox (pending posts, posts without a status). */
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
