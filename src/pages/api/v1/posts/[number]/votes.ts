import { votesRoute } from '@/features/votes/server/handlers';
export default votesRoute;
export const config = { api: { bodyParser: false } };
