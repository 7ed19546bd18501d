import { brandingImageRoute } from '@/features/attachments/server/handlers';

export default brandingImageRoute;
export const config = { api: { bodyParser: false } };
