import { adminSsoRoute } from '@/features/accounts/server/sso-handlers';

export default adminSsoRoute;
export const config = { api: { bodyParser: false } };
