import { isSignedIn } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { boardMentionQuery, mentionSuggestionListSchema, postMentionQuery } from '../schema';
import { suggestForBoard, suggestForPost } from './service';

/** Typing is fast: generous, but a limit (per person). */
const SUGGEST_RATE = { name: 'mention-suggestions', limit: 120, windowSeconds: 60 };

/** GET /api/v1/posts/{number}/mention-suggestions?q=&context=comment|internal */
export const postMentionSuggestionsRoute = route('/api/v1/posts/{number}/mention-suggestions', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: postMentionQuery,
    rateLimit: SUGGEST_RATE,
    summary: 'People to mention in a post or comment',
    description:
      'Up to 8 people whose display name (or a word of it) starts with `q`: those who took part in the post as you see it ' +
      'and who may see it themselves, then the team; for an internal note (`context=internal`) the team only. ' +
      'Never you, banned or deleted people, or email addresses.',
    tags: ['Mentions'],
    response: mentionSuggestionListSchema,
    handle: async ({ actor, query }) => json({ items: await suggestForPost(actor, query.number, query.q, query.context === 'internal') }),
  }),
});

/** GET /api/v1/boards/{board}/mention-suggestions?q=: for a new post, which has no participants yet. */
export const boardMentionSuggestionsRoute = route('/api/v1/boards/{board}/mention-suggestions', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'key',
    query: boardMentionQuery,
    rateLimit: SUGGEST_RATE,
    summary: 'People to mention in a new post on a board',
    description: 'Up to 8 members of the team (who see every board) whose display name (or a word of it) starts with `q`.',
    tags: ['Mentions'],
    response: mentionSuggestionListSchema,
    handle: async ({ actor, query }) => json({ items: await suggestForBoard(actor, query.board, query.q) }),
  }),
});
