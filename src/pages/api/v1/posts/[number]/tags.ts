import { postTagsRoute } from '@/features/posts/server/triage-handlers';

export default postTagsRoute;
export const config = { api: { bodyParser: false } };
