import { adminBrandingRoute } from '@/features/settings/server/handlers';

export default adminBrandingRoute;
export const config = { api: { bodyParser: false } };
