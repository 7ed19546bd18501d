import { subscriptionRoute } from '@/features/subscriptions/server/handlers';
export default subscriptionRoute;
export const config = { api: { bodyParser: false } };
