import { roadmapColumnRoute } from '@/features/roadmap/server/handlers';

export default roadmapColumnRoute;
export const config = { api: { bodyParser: false } };
