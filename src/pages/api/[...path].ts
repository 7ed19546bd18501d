import { apiNotFoundRoute } from '@/features/health/server/not-found';

export default apiNotFoundRoute;
export const config = { api: { bodyParser: false } };
