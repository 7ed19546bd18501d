import { setupRoute } from '@/features/accounts/server/handlers';

export default setupRoute;
export const config = { api: { bodyParser: false } };
