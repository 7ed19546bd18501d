import { postRoute } from '@/features/posts/server/handlers';

export default postRoute;
export const config = { api: { bodyParser: false } };
