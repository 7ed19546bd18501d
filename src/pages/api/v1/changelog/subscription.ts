import { changelogSubscriptionRoute } from '@/features/changelog/server/handlers';

export default changelogSubscriptionRoute;
export const config = { api: { bodyParser: false } };
