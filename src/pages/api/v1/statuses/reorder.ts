import { statusReorderRoute } from '@/features/statuses/server/handlers';

export default statusReorderRoute;
export const config = { api: { bodyParser: false } };
