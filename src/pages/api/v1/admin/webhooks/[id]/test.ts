import { webhookTestRoute } from '@/features/webhooks/server/handlers';

export default webhookTestRoute;
export const config = { api: { bodyParser: false } };
