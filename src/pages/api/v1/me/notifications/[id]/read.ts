import { markReadRoute } from '@/features/notifications/server/me-handlers';

export default markReadRoute;
export const config = { api: { bodyParser: false } };
