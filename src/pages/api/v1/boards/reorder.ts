import { boardReorderRoute } from '@/features/boards/server/handlers';

export default boardReorderRoute;
export const config = { api: { bodyParser: false } };
