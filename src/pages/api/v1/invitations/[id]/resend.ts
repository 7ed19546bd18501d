import { invitationResendRoute } from '@/features/members/server/handlers';

export default invitationResendRoute;
export const config = { api: { bodyParser: false } };
