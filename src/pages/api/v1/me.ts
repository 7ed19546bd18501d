import { meRoute } from '@/features/accounts/server/me-handlers';

export default meRoute;
export const config = { api: { bodyParser: false } };
