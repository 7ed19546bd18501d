import { postsRoute } from '@/features/posts/server/handlers';

export default postsRoute;
export const config = { api: { bodyParser: false } };
