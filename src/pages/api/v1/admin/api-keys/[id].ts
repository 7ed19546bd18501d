import { apiKeyRoute } from '@/features/api-keys/server/handlers';

export default apiKeyRoute;
export const config = { api: { bodyParser: false } };
