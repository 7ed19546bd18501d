import { unsubscribeRoute } from '@/features/notifications/server/me-handlers';

export default unsubscribeRoute;
export const config = { api: { bodyParser: false } };
