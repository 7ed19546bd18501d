import { similarPostsRoute } from '@/features/posts/server/handlers';

export default similarPostsRoute;
export const config = { api: { bodyParser: false } };
