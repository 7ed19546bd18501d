import { memberBanRoute } from '@/features/members/server/handlers';

export default memberBanRoute;
export const config = { api: { bodyParser: false } };
