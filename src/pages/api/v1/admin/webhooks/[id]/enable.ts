import { webhookEnableRoute } from '@/features/webhooks/server/handlers';

export default webhookEnableRoute;
export const config = { api: { bodyParser: false } };
