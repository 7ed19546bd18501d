import { boardsRoute } from '@/features/boards/server/handlers';

export default boardsRoute;
export const config = { api: { bodyParser: false } };
