import { workspaceRoute } from '@/features/settings/server/handlers';

export default workspaceRoute;
export const config = { api: { bodyParser: false } };
