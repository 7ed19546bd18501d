import { commentApprovalRoute } from '@/features/moderation/server/handlers';

export default commentApprovalRoute;
export const config = { api: { bodyParser: false } };
