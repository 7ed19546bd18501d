import { adminChangelogUnpublishRoute } from '@/features/changelog/server/admin-handlers';

export default adminChangelogUnpublishRoute;
export const config = { api: { bodyParser: false } };
