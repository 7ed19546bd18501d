import { postCommentsRoute } from '@/features/comments/server/handlers';

export default postCommentsRoute;
export const config = { api: { bodyParser: false } };
