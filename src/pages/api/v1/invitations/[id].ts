import { invitationRoute } from '@/features/members/server/handlers';

export default invitationRoute;
export const config = { api: { bodyParser: false } };
