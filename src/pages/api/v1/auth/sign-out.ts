import { signOutRoute } from '@/features/accounts/server/handlers';

export default signOutRoute;
export const config = { api: { bodyParser: false } };
