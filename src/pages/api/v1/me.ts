import { meRoute } from '@/features/accounts/server/handlers';

export default meRoute;
export const config = { api: { bodyParser: false } };
