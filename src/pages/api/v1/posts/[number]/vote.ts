import { voteRoute } from '@/features/votes/server/handlers';
export default voteRoute;
export const config = { api: { bodyParser: false } };
