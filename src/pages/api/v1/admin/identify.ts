import { identifySettingsRoute } from '@/features/identify/server/handlers';

export default identifySettingsRoute;
export const config = { api: { bodyParser: false } };
