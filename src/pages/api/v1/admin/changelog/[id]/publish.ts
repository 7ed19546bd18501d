import { adminChangelogPublishRoute } from '@/features/changelog/server/admin-handlers';

export default adminChangelogPublishRoute;
export const config = { api: { bodyParser: false } };
