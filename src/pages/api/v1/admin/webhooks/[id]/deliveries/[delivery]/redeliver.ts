import { webhookRedeliverRoute } from '@/features/webhooks/server/handlers';

export default webhookRedeliverRoute;
export const config = { api: { bodyParser: false } };
