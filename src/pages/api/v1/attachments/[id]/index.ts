import { attachmentRoute } from '@/features/attachments/server/handlers';

export default attachmentRoute;
export const config = { api: { bodyParser: false } };
