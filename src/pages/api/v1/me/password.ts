import { changePasswordRoute } from '@/features/accounts/server/me-handlers';

export default changePasswordRoute;
export const config = { api: { bodyParser: false } };
