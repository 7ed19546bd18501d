import { exportRoute } from '@/features/accounts/server/me-handlers';

export default exportRoute;
export const config = { api: { bodyParser: false } };
