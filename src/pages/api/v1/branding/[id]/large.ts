import { brandingLargeImageRoute } from '@/features/attachments/server/handlers';

export default brandingLargeImageRoute;
export const config = { api: { bodyParser: false } };
