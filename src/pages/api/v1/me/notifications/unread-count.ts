import { unreadCountRoute } from '@/features/notifications/server/me-handlers';

export default unreadCountRoute;
export const config = { api: { bodyParser: false } };
