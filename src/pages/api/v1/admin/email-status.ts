import { emailStatusRoute } from '@/features/notifications/server/handlers';

export default emailStatusRoute;
export const config = { api: { bodyParser: false } };
