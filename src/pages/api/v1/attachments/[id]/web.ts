import { attachmentWebRoute } from '@/features/attachments/server/handlers';

export default attachmentWebRoute;
export const config = { api: { bodyParser: false } };
