import { ssoStartRoute } from '@/features/accounts/server/sso-handlers';

export default ssoStartRoute;
export const config = { api: { bodyParser: false } };
