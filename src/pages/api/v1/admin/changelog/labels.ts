import { adminChangelogLabelsRoute } from '@/features/changelog/server/admin-handlers';

export default adminChangelogLabelsRoute;
export const config = { api: { bodyParser: false } };
