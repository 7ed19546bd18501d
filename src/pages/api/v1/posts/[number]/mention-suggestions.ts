import { postMentionSuggestionsRoute } from '@/features/mentions/server/handlers';

export default postMentionSuggestionsRoute;
export const config = { api: { bodyParser: false } };
