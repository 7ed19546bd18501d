import { setupRoute } from '@/composition/api/setup-route';

export default setupRoute;
export const config = { api: { bodyParser: false } };
