import { attachmentsRoute } from '@/features/attachments/server/handlers';

export default attachmentsRoute;
export const config = { api: { bodyParser: false } };
