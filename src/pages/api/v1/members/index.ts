import { membersRoute } from '@/features/members/server/handlers';

export default membersRoute;
export const config = { api: { bodyParser: false } };
