import { inboxRoute } from '@/features/moderation/server/handlers';

export default inboxRoute;
export const config = { api: { bodyParser: false } };
