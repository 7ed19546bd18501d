import { postTagsRoute } from '@/features/tags/server/handlers';

export default postTagsRoute;
export const config = { api: { bodyParser: false } };
