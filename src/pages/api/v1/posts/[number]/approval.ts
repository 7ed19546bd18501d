import { postApprovalRoute } from '@/features/moderation/server/handlers';

export default postApprovalRoute;
export const config = { api: { bodyParser: false } };
