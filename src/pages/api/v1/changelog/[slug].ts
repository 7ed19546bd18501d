import { changelogEntryRoute } from '@/features/changelog/server/handlers';

export default changelogEntryRoute;
export const config = { api: { bodyParser: false } };
