import { roadmapRoute } from '@/features/roadmap/server/handlers';

export default roadmapRoute;
export const config = { api: { bodyParser: false } };
