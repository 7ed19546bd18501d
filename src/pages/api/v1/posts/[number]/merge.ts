import { mergeRoute } from '@/features/votes/server/handlers';
export default mergeRoute;
export const config = { api: { bodyParser: false } };
