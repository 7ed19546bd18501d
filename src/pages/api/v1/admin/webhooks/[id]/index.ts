import { webhookRoute } from '@/features/webhooks/server/handlers';

export default webhookRoute;
export const config = { api: { bodyParser: false } };
