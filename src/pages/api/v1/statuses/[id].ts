import { statusRoute } from '@/features/statuses/server/handlers';

export default statusRoute;
export const config = { api: { bodyParser: false } };
