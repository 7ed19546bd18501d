import { adminChangelogScheduleRoute } from '@/features/changelog/server/admin-handlers';

export default adminChangelogScheduleRoute;
export const config = { api: { bodyParser: false } };
