import { preferencesRoute } from '@/features/notifications/server/me-handlers';

export default preferencesRoute;
export const config = { api: { bodyParser: false } };
