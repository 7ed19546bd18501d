import { myNotificationsRoute } from '@/features/notifications/server/me-handlers';

export default myNotificationsRoute;
export const config = { api: { bodyParser: false } };
