import { identifyRoute } from '@/features/identify/server/handlers';

export default identifyRoute;
export const config = { api: { bodyParser: false } };
