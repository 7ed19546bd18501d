import { signInRoute } from '@/features/accounts/server/handlers';

export default signInRoute;
export const config = { api: { bodyParser: false } };
