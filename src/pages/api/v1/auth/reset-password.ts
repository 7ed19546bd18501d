import { resetPasswordRoute } from '@/features/accounts/server/handlers';

export default resetPasswordRoute;
export const config = { api: { bodyParser: false } };
