import { triageViewRoute } from '@/features/posts/server/triage-list-handlers';

export default triageViewRoute;
export const config = { api: { bodyParser: false } };
