import { webhookSecretRoute } from '@/features/webhooks/server/handlers';

export default webhookSecretRoute;
export const config = { api: { bodyParser: false } };
