import { localeRoute } from '@/features/accounts/server/me-handlers';

export default localeRoute;
export const config = { api: { bodyParser: false } };
