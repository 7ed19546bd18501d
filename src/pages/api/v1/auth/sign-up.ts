import { signUpRoute } from '@/features/accounts/server/handlers';

export default signUpRoute;
export const config = { api: { bodyParser: false } };
