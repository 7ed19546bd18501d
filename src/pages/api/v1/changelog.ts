import { changelogRoute } from '@/features/changelog/server/handlers';

export default changelogRoute;
export const config = { api: { bodyParser: false } };
