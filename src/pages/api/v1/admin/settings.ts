import { adminSettingsRoute } from '@/features/settings/server/handlers';

export default adminSettingsRoute;
export const config = { api: { bodyParser: false } };
