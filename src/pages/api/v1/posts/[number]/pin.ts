import { postPinRoute } from '@/features/moderation/server/handlers';

export default postPinRoute;
export const config = { api: { bodyParser: false } };
