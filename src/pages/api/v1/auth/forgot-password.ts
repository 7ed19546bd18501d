import { forgotPasswordRoute } from '@/features/accounts/server/handlers';

export default forgotPasswordRoute;
export const config = { api: { bodyParser: false } };
