import { boardRoute } from '@/features/boards/server/handlers';

export default boardRoute;
export const config = { api: { bodyParser: false } };
