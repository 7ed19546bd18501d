import { adminSsoProviderRoute } from '@/features/accounts/server/sso-handlers';

export default adminSsoProviderRoute;
export const config = { api: { bodyParser: false } };
