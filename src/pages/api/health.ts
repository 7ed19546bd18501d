import { healthRoute } from '@/features/health/server/handlers';

export default healthRoute;
export const config = { api: { bodyParser: false } };
