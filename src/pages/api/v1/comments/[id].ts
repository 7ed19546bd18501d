import { commentRoute } from '@/features/comments/server/handlers';

export default commentRoute;
export const config = { api: { bodyParser: false } };
