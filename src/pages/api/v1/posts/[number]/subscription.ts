import { subscriptionRoute } from '@/composition/api/post-subscription-route';
export default subscriptionRoute;
export const config = { api: { bodyParser: false } };
