import { changeEmailRoute } from '@/features/accounts/server/me-handlers';

export default changeEmailRoute;
export const config = { api: { bodyParser: false } };
