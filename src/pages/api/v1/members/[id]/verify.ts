import { memberVerifyRoute } from '@/features/members/server/handlers';

export default memberVerifyRoute;
export const config = { api: { bodyParser: false } };
