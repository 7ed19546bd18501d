import { boardMentionSuggestionsRoute } from '@/features/mentions/server/handlers';

export default boardMentionSuggestionsRoute;
export const config = { api: { bodyParser: false } };
