import { tagRoute } from '@/features/tags/server/handlers';

export default tagRoute;
export const config = { api: { bodyParser: false } };
