import { invitationLinkRoute } from '@/features/members/server/handlers';

export default invitationLinkRoute;
export const config = { api: { bodyParser: false } };
