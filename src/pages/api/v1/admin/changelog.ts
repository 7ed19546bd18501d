import { adminChangelogRoute } from '@/features/changelog/server/admin-handlers';

export default adminChangelogRoute;
export const config = { api: { bodyParser: false } };
