import { apiKeysRoute } from '@/features/api-keys/server/handlers';

export default apiKeysRoute;
export const config = { api: { bodyParser: false } };
