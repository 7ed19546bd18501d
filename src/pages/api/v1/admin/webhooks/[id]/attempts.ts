import { webhookAttemptsRoute } from '@/features/webhooks/server/handlers';

export default webhookAttemptsRoute;
export const config = { api: { bodyParser: false } };
