import { webhooksRoute } from '@/features/webhooks/server/handlers';

export default webhooksRoute;
export const config = { api: { bodyParser: false } };
