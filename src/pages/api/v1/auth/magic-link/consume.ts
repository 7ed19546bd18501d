import { consumeMagicLinkRoute } from '@/features/accounts/server/handlers';

export default consumeMagicLinkRoute;
export const config = { api: { bodyParser: false } };
