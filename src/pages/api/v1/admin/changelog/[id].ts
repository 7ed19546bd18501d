import { adminChangelogEntryRoute } from '@/features/changelog/server/admin-handlers';

export default adminChangelogEntryRoute;
export const config = { api: { bodyParser: false } };
