import { magicLinkRoute } from '@/features/accounts/server/handlers';

export default magicLinkRoute;
export const config = { api: { bodyParser: false } };
