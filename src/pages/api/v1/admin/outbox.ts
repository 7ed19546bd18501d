import { outboxRoute } from '@/features/notifications/server/handlers';

export default outboxRoute;
export const config = { api: { bodyParser: false } };
