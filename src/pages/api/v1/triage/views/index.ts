import { triageViewsRoute } from '@/features/posts/server/triage-list-handlers';

export default triageViewsRoute;
export const config = { api: { bodyParser: false } };
