import { markAllReadRoute } from '@/features/notifications/server/me-handlers';

export default markAllReadRoute;
export const config = { api: { bodyParser: false } };
