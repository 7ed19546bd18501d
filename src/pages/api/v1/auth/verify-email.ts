import { verifyEmailRoute } from '@/features/accounts/server/handlers';

export default verifyEmailRoute;
export const config = { api: { bodyParser: false } };
