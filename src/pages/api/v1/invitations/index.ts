import { invitationsRoute } from '@/features/members/server/handlers';

export default invitationsRoute;
export const config = { api: { bodyParser: false } };
