import { postStatusRoute } from '@/features/statuses/server/handlers';

export default postStatusRoute;
export const config = { api: { bodyParser: false } };
