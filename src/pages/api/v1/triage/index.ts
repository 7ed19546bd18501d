import { triageRoute } from '@/features/posts/server/triage-list-handlers';

export default triageRoute;
export const config = { api: { bodyParser: false } };
