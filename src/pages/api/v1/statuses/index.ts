import { statusesRoute } from '@/features/statuses/server/handlers';

export default statusesRoute;
export const config = { api: { bodyParser: false } };
