import { insightsRoute } from '@/features/insights/server/handlers';

export default insightsRoute;
export const config = { api: { bodyParser: false } };
