import { postStatusRoute } from '@/features/posts/server/triage-handlers';

export default postStatusRoute;
export const config = { api: { bodyParser: false } };
