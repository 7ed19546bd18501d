import { triageBulkRoute } from '@/features/posts/server/triage-list-handlers';

export default triageBulkRoute;
export const config = { api: { bodyParser: false } };
