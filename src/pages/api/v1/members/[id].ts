import { memberRoute } from '@/features/members/server/handlers';

export default memberRoute;
export const config = { api: { bodyParser: false } };
